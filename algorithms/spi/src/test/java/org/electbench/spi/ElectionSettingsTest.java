package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

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
    void aKnobAndAnOptionAreSetAndReadAlikeThroughTheirParameter()
    {
        final Parameter<Long> heartbeat = ElectionSettings.Knob.HEARTBEAT_INTERVAL.parameter();
        final Parameter<Boolean> flag = Parameter.onOff("flag").defaultValue(false).doc("an on/off option").build();
        final ElectionSettings.Builder builder = ElectionSettings.builder().option(heartbeat, 20_000_000L);
        assertFalse(builder.deriveOption(heartbeat, 30_000_000L));
        assertTrue(builder.deriveOption(flag, true));
        final ElectionSettings settings = builder.build();
        assertEquals(20_000_000L, settings.heartbeatIntervalNs());
        assertEquals(20_000_000L, settings.get(heartbeat));
        assertTrue(settings.isExplicit(heartbeat));
        assertTrue(settings.get(flag));
        assertFalse(settings.isExplicit(flag));
        assertFalse(settings.isExplicit(ElectionSettings.Knob.DETECTION_TIMEOUT.parameter()));
    }

    @Test
    void dividedSettingsDivideEveryKnobAndDurationOptionDownToOneMicrosecondAndKeepTheRest()
    {
        final Parameter<Long> spread = Parameter.duration("spread").defaultValue(300_000_000L)
            .doc("a duration option").build();
        final Parameter<Boolean> flag = Parameter.onOff("flag").defaultValue(false)
            .doc("an on/off option").build();
        final ElectionSettings settings = ElectionSettings.builder().heartbeatIntervalNs(50_000_000L).electionTimeoutNs(150_000L)
            .option(flag, true).build();
        final ElectionSettings divided = settings.dividedBy(200, List.of(spread, flag));
        assertEquals(250_000L, divided.heartbeatIntervalNs());
        assertEquals(ElectionSettings.DEFAULT_DETECTION_TIMEOUT_NS / 200, divided.detectionTimeoutNs());
        assertEquals(1_000L, divided.electionTimeoutNs(), "150 us / 200 is below 1 us: held at 1 us");
        assertEquals(1_500_000L, divided.get(spread));
        assertTrue(divided.get(flag));
        assertTrue(divided.isExplicit(ElectionSettings.Knob.DETECTION_TIMEOUT), "divided knobs are not derived again");
        assertThrows(IllegalArgumentException.class, () -> settings.dividedBy(0, List.of()));
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

    @Test
    void derivationRaisesOnlyKnobsLeftAtTheirDefault()
    {
        final ElectionSettings.Builder builder = ElectionSettings.builder().electionTimeoutNs(7_000_000L);
        assertTrue(builder.deriveKnobNs(ElectionSettings.Knob.COORDINATOR_TIMEOUT, 90_000_000L));
        assertFalse(builder.deriveKnobNs(ElectionSettings.Knob.ELECTION_TIMEOUT, 20_000_000L));
        final ElectionSettings settings = builder.build();
        assertEquals(7_000_000L, settings.electionTimeoutNs());
        assertEquals(90_000_000L, settings.coordinatorTimeoutNs());
        assertTrue(settings.isExplicit(ElectionSettings.Knob.ELECTION_TIMEOUT));
        assertFalse(settings.isExplicit(ElectionSettings.Knob.COORDINATOR_TIMEOUT));
        assertTrue(settings.toBuilder().build().isExplicit(ElectionSettings.Knob.ELECTION_TIMEOUT));
    }

    @Test
    void explicitCopyKeepsEveryValueAndMarksItGiven()
    {
        final ElectionSettings.Builder builder = ElectionSettings.builder();
        builder.deriveKnobNs(ElectionSettings.Knob.COORDINATOR_TIMEOUT, 90_000_000L);
        final ElectionSettings asRun = builder.build().explicit();
        assertEquals(90_000_000L, asRun.coordinatorTimeoutNs());
        for (final ElectionSettings.Knob knob : ElectionSettings.Knob.values())
        {
            assertTrue(asRun.isExplicit(knob), knob.name());
        }
    }
}
