package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ElectionSettingsTest
{
    @Test
    void defaultsAreValidAndRoundTripThroughTheBuilder()
    {
        final ElectionSettings settings = ElectionSettings.defaults();
        assertEquals(ElectionSettings.DEFAULT_ELECTION_TIMEOUT_NS, settings.electionTimeoutNs());
        assertEquals(settings.toString(), settings.toBuilder().build().toString());
    }

    @Test
    void negativeTimeoutIsRejectedByName()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> ElectionSettings.builder().electionTimeoutNs(-1).build());
        assertTrue(ex.getMessage().startsWith("election timeout must be greater than zero"), ex.getMessage());
    }

    @Test
    void coordinatorTimeoutBelowElectionTimeoutIsRejected()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> ElectionSettings.builder().electionTimeoutNs(20).coordinatorTimeoutNs(10).build());
        assertTrue(ex.getMessage().startsWith("coordinator timeout"), ex.getMessage());
    }

    @Test
    void detectionTimeoutMustExceedHeartbeatInterval()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> ElectionSettings.builder().heartbeatIntervalNs(100).detectionTimeoutNs(100).build());
        assertTrue(ex.getMessage().startsWith("detection timeout"), ex.getMessage());
    }
}
