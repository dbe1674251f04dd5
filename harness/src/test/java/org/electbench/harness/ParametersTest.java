package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.parameters.RunParameters;
import org.junit.jupiter.api.Test;

/** A run report's parameters come from the declarations and carry a distortion's mark and reason, and a derived bound's quantile. */
class ParametersTest
{
    private static final long MS = 1_000_000L;

    @Test
    void aRowSomeExplicitSettingDistortsCarriesTheReasonButNotInItsFileName()
    {
        final Scenario distorted = Scenario.builder().algorithm("ring").nodes(17)
            .settings(ElectionSettings.builder().coordinatorTimeoutNs(30 * MS).build()).build();
        final Map<String, String> parameters = Parameters.of(distorted, "sim");
        assertTrue(parameters.get(Parameters.DISTORTION).startsWith("--coordinator-timeout 30ms is not above two laps of the ring"),
            parameters.toString());
        assertFalse(Parameters.fileNamePrefix(parameters).contains("distortion"));
        assertEquals("30ms", parameters.get(RunParameters.COORDINATOR_TIMEOUT.key()));

        final Map<String, String> faithful = Parameters.of(Scenario.builder().algorithm("ring").nodes(17).build(), "sim");
        assertFalse(faithful.containsKey(Parameters.DISTORTION), faithful.toString());
        // Two laps of 17 hops at 1 ms, each skipping the dead leader at the derived 2.1 ms hop timeout, rounded above.
        assertEquals("38.3ms", faithful.get(RunParameters.COORDINATOR_TIMEOUT.key()), "the value derived, as the nodes ran it");
        assertEquals(List.of("algorithm", "runtime", "nodes", "scenario", "detect", "delay", "loss", "fifo", "heartbeat",
            "detectionTimeout", "electionTimeout", "coordinatorTimeout", "recovery", "arrangement", "ack", "seed"),
            new ArrayList<>(faithful.keySet()));
    }

    @Test
    void aRowDerivedUnderAnUnboundedDelayNamesTheQuantile()
    {
        final Scenario exponential = Scenario.builder().algorithm("bully").nodes(5)
            .network(NetworkModel.of(DelayDistribution.exponential(10 * MS))).build();
        assertEquals("p99.9", Parameters.of(exponential, "sim").get(Parameters.DELAY_BOUND));
        final Scenario uniform = Scenario.builder().algorithm("bully").nodes(5)
            .network(NetworkModel.of(DelayDistribution.uniform(MS, 40 * MS))).build();
        assertFalse(Parameters.of(uniform, "sim").containsKey(Parameters.DELAY_BOUND));
    }
}
