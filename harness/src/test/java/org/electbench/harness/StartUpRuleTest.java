package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;

import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * A cold start poses every algorithm the same problem, but each source has its own start-up rule:
 * the row states it, so quorum's mandated 5 HBT wait is not read as a slower election.
 */
class StartUpRuleTest
{
    private static Map<String, String> coldStart(final String algorithm)
    {
        return Parameters.of(Scenario.builder().algorithm(algorithm).nodes(5).kind(ScenarioKind.COLD_START).build(), "sim");
    }

    @Test
    void aColdStartRowStatesEachAlgorithmsStartUpRuleWithItsFigures()
    {
        assertEquals("stands at boot", coldStart("bully").get(Parameters.START_UP));
        assertEquals("stands at boot", coldStart("ring").get(Parameters.START_UP));
        assertEquals("waits 250ms (5/3 D, the source's 5 HBT)", coldStart("quorum").get(Parameters.START_UP));
        assertEquals("waits [150ms, 300ms) at random", coldStart("raft").get(Parameters.START_UP));
    }

    @Test
    void aSettledStartStatesNoneAndNoFileNameCarriesIt()
    {
        assertNull(Parameters.of(Scenario.builder().algorithm("quorum").nodes(5).build(), "sim").get(Parameters.START_UP));
        assertFalse(Parameters.fileNamePrefix(coldStart("quorum")).contains("startUp"));
    }
}
