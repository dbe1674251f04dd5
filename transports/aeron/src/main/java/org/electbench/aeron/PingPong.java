package org.electbench.aeron;

import java.util.Arrays;

/**
 * How both Aeron wires time their one-way latency: {@value #WARM_UP_ROUND_TRIPS} round trips
 * between nodes 1 and 2 to warm the path, then {@value #ROUND_TRIPS} timed ones; half the median.
 */
final class PingPong
{
    static final int ROUND_TRIPS = 200;
    private static final int WARM_UP_ROUND_TRIPS = 20;

    private final long[] roundTripNs = new long[ROUND_TRIPS];

    /**
     * @param roundTrip one ping from node 1 to node 2 and its answer back, returning once the answer has arrived.
     * @return half the median round trip, in nanoseconds.
     */
    long oneWayLatencyNs(final Runnable roundTrip)
    {
        for (int i = 0; i < WARM_UP_ROUND_TRIPS + ROUND_TRIPS; i++)
        {
            final long startNs = System.nanoTime();
            roundTrip.run();
            final long elapsedNs = System.nanoTime() - startNs;
            if (i >= WARM_UP_ROUND_TRIPS)
            {
                roundTripNs[i - WARM_UP_ROUND_TRIPS] = elapsedNs;
            }
        }
        Arrays.sort(roundTripNs);
        return roundTripNs[(ROUND_TRIPS - 1) / 2] / 2;
    }
}
