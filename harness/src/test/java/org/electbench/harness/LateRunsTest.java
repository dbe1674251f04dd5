package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import org.electbench.bully.BullyAlgorithm;
import org.electbench.sim.SimRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.RunTiming;
import org.electbench.transport.Scenario;
import org.electbench.transport.metrics.Sample;
import org.junit.jupiter.api.Test;

class LateRunsTest
{
    private static final ElectionResult RESULT =
        new SimRuntime().run(Scenario.builder().algorithm(new BullyAlgorithm()).nodes(3).seed(1).build());
    /** A 100 ms race: up to 50 ms of host delay is kept. */
    private static final long RACE_NS = 100_000_000;
    private static final Sample KEPT = sample(1_000_000);
    private static final Sample LATE = sample(60_000_000);

    @Test
    void aRowMeasuresAgainATenthOfItsRunsAtMostAndAlwaysOne()
    {
        assertEquals(3, LateRuns.allowance(30));
        assertEquals(3, LateRuns.allowance(21));
        assertEquals(10, LateRuns.allowance(100));
        assertEquals(1, LateRuns.allowance(1));
    }

    @Test
    void aKeptRunIsKeptAsItIs()
    {
        final LateRuns lateRuns = new LateRuns(30);
        assertSame(KEPT, lateRuns.keep(KEPT, () -> LATE));
        assertEquals(3, lateRuns.left());
    }

    @Test
    void aLateRunIsReplacedByTheFirstKeptAttemptWhichSaysHowManyWereLate()
    {
        final LateRuns lateRuns = new LateRuns(30);
        final Deque<Sample> attempts = new ArrayDeque<>(List.of(LATE, KEPT, LATE));
        final Sample kept = lateRuns.keep(LATE, attempts::poll);
        assertTrue(kept.timing().keptTiming());
        assertEquals(2, kept.lateAttempts());
        assertEquals(1, lateRuns.left());
        assertEquals(1, attempts.size(), "no attempt after the first kept one");
    }

    @Test
    void onceTheAllowanceIsUsedUpLateRunsStayAndMarkTheRow()
    {
        final LateRuns lateRuns = new LateRuns(20);
        final Sample first = lateRuns.keep(LATE, () -> LATE);
        assertFalse(first.timing().keptTiming(), "two late attempts more, and the allowance of 2 is gone");
        assertEquals(2, first.lateAttempts());
        assertSame(LATE, lateRuns.keep(LATE, () -> KEPT), "nothing is measured again once the allowance is used up");
        assertEquals(0, lateRuns.left());
    }

    private static Sample sample(final long hostDelayNs)
    {
        return new Sample(RESULT, 0, RESULT.convergenceNs(), new RunTiming(hostDelayNs, 0, 0, 0, 0, RACE_NS));
    }
}
