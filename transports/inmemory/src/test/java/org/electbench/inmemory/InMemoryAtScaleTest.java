package org.electbench.inmemory;

import org.electbench.realtime.LeaderCrashAtScale;
import org.electbench.realtime.RealtimeRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InMemoryAtScaleTest
{
    private static final int RUNS = 10;

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {32, 64})
    void leaderCrashElectsTheNextHighestWithNoSplitBrain(final int nodes)
    {
        try (RealtimeRuntime runtime = InMemoryRuntime.create())
        {
            LeaderCrashAtScale.assertEveryRunElectsTheNextHighest(runtime, nodes, RUNS);
        }
    }
}
