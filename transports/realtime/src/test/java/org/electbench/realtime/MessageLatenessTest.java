package org.electbench.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.electbench.transport.RunTiming;
import org.junit.jupiter.api.Test;

/** How a run's message lateness is put together from what its workers and its wire measured. */
class MessageLatenessTest
{
    @Test
    void onAWireThatCarriesDueTimesItIsWhatTheReceiversMeasuredUnlessAMessageWasDueAtOnce()
    {
        assertEquals(700, RealtimeRuntime.messageLateness(true, 700, 0, RunTiming.NOT_MEASURED, 0));
        assertEquals(RunTiming.NOT_MEASURED, RealtimeRuntime.messageLateness(true, 700, 0, RunTiming.NOT_MEASURED, 1));
    }

    @Test
    void onAWireThatDoesNotItIsTheLatestOfferPlusTheLongestTransitOrAPausedReceiversHold()
    {
        assertEquals(300 + 5_000, RealtimeRuntime.messageLateness(false, 0, 300, 5_000, 0));
        assertEquals(9_000, RealtimeRuntime.messageLateness(false, 9_000, 300, 5_000, 0));
        assertEquals(RunTiming.NOT_MEASURED, RealtimeRuntime.messageLateness(false, 0, 300, RunTiming.NOT_MEASURED, 0));
    }
}
