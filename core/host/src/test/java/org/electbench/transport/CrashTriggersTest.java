package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CrashTriggersTest
{
    private static final int ELECTION = 0;
    private static final int HEARTBEAT = 1;

    @Test
    void namedTypeFiresOnceAfterItsTimeAndAnyElectionMessageIgnoresHeartbeats()
    {
        final CrashTriggers triggers = new CrashTriggers();
        triggers.load(new ScenarioTestAlgorithm(), FaultPlan.builder()
            .crashAfterFirstSend(2, "ELECTION", 100)
            .crashAfterFirstSend(3, null)
            .crash(4, 0)
            .build().faults(), id -> true);
        assertFalse(triggers.isEmpty());
        assertFalse(triggers.fire(2, 99, ELECTION), "before its time");
        assertFalse(triggers.fire(2, 100, HEARTBEAT), "not the named type");
        assertTrue(triggers.fire(2, 100, ELECTION));
        assertFalse(triggers.fire(2, 200, ELECTION), "spent");
        assertFalse(triggers.fire(3, 0, HEARTBEAT), "a heartbeat is no election message");
        assertTrue(triggers.fire(3, 0, ELECTION));
        assertFalse(triggers.fire(4, 0, ELECTION), "a plain crash is no trigger");
    }

    @Test
    void onlyOwnedNodesAreLoadedAndAnUnknownTypeIsRejectedByName()
    {
        final CrashTriggers triggers = new CrashTriggers();
        triggers.load(new ScenarioTestAlgorithm(), FaultPlan.builder().crashAfterFirstSend(2, "ELECTION").build().faults(),
            id -> id != 2);
        assertTrue(triggers.isEmpty());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> triggers.load(
            new ScenarioTestAlgorithm(), FaultPlan.builder().crashAfterFirstSend(2, "OK").build().faults(), id -> true));
        assertTrue(ex.getMessage().contains("'OK'") && ex.getMessage().contains("ELECTION, HEARTBEAT"), ex.getMessage());
    }

    /** Cascade's second victim: its election begun, then its first election message a live node hears. */
    @Test
    void onceHeardWaitsForTheElectionToBeginAndForALiveListener()
    {
        final CrashTriggers triggers = new CrashTriggers();
        triggers.load(new ScenarioTestAlgorithm(), FaultPlan.builder().crashAfterFirstSend(4, Fault.ONCE_HEARD, 100).build().faults(),
            id -> true);
        assertFalse(triggers.fire(4, 100, HEARTBEAT, true), "a heartbeat begins no election");
        assertFalse(triggers.fire(4, 99, ELECTION, true), "before its time");
        // Bully's N-1: its ELECTION goes only to the dead leader, unheard; its election has begun.
        assertFalse(triggers.fire(4, 100, ELECTION, false), "an election message no live node hears");
        assertFalse(triggers.fire(4, 101, HEARTBEAT, true), "a heard heartbeat is no election message");
        assertTrue(triggers.fire(4, 101, ELECTION, true), "its first election message a live node hears");
        assertFalse(triggers.fire(4, 102, ELECTION, true), "spent");
    }

    @Test
    void onceHeardFiresOnTheFirstMessageWhenThatOneIsHeard()
    {
        final CrashTriggers triggers = new CrashTriggers();
        triggers.load(new ScenarioTestAlgorithm(), FaultPlan.builder().crashAfterFirstSend(1, Fault.ONCE_HEARD, 0).build().faults(),
            id -> true);
        assertTrue(triggers.fire(1, 0, ELECTION, true));
    }
}
