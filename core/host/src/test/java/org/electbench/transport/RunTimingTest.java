package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionSettings;
import org.junit.jupiter.api.Test;

class RunTimingTest
{
    private static final long MS = 1_000_000L;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(20 * MS)
        .detectionTimeoutNs(150 * MS)
        .electionTimeoutNs(100 * MS)
        .coordinatorTimeoutNs(300 * MS)
        .build();

    @Test
    void theShortestRaceIsTheElectionTimeoutOrTheSilenceAHeartbeatMayLeave()
    {
        assertEquals(100 * MS, RunTiming.shortestRaceNs(SETTINGS));
        final ElectionSettings slowHeartbeat = SETTINGS.toBuilder().heartbeatIntervalNs(90 * MS).build();
        assertEquals(60 * MS, RunTiming.shortestRaceNs(slowHeartbeat));
    }

    @Test
    void whereSomeMessageWentUnmeasuredARunKeepsItsTimingWhileARoundTripOfTheWorstStallsFitsTheShortestRace()
    {
        // Half of T_elec (50 ms) less the transport's 1 ms: 49 ms of host delay tolerated.
        final RunTiming kept = RunTiming.measured(9 * MS, RunTiming.NOT_MEASURED, 20 * MS, 20 * MS, MS, SETTINGS);
        assertEquals(49 * MS, kept.toleratedHostDelayNs());
        assertEquals(49 * MS, kept.hostDelayNs());
        assertTrue(kept.keptTiming(), kept.describeVerdict());
        final RunTiming late = RunTiming.measured(9 * MS, RunTiming.NOT_MEASURED, 20 * MS, 20 * MS + 1, MS, SETTINGS);
        assertFalse(late.keptTiming(), late.describeVerdict());
        assertTrue(late.describeVerdict().contains("transport stall max 20.000 ms") &&
            late.describeVerdict().contains("message lateness max not measured on every message") &&
            late.describeVerdict().endsWith("NOT kept"), late.describeVerdict());
        assertTrue(RunTiming.VIRTUAL.keptTiming());
    }

    @Test
    void measuredOnEveryMessageTheHostDelayIsTheSendersLatenessAndTheMessagesNotTheStalls()
    {
        // Stalls far past the 49 ms tolerated, but no message was held up by more than 40 ms.
        final RunTiming kept = RunTiming.measured(9 * MS, 40 * MS, 300 * MS, 300 * MS, MS, SETTINGS);
        assertEquals(49 * MS, kept.hostDelayNs());
        assertTrue(kept.keptTiming(), kept.describeVerdict());
        final RunTiming late = RunTiming.measured(9 * MS, 40 * MS + 1, 0, 0, MS, SETTINGS);
        assertFalse(late.keptTiming(), late.describeVerdict());
        assertTrue(late.describeVerdict().contains("message lateness max 40.000 ms"), late.describeVerdict());
    }
}
