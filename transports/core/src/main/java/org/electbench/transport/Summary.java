package org.electbench.transport;

import java.util.Arrays;
import java.util.List;

/**
 * Many runs of one scenario, aggregated: exact percentiles of convergence and detection over
 * the runs that have them (nearest rank), message and byte means, and how many runs broke each
 * safety property. Unconverged runs are counted, never silently dropped.
 */
public final class Summary
{
    private final List<String> typeNames;
    private final int heartbeatType;
    private long[] convergenceNs = new long[16];
    private long[] detectionNs = new long[16];
    private long[] unavailabilityNs = new long[16];
    private int availableCount;
    private int convergedCount;
    private int detectedCount;
    private int runs;
    private final double[] messagesByTypeSum;
    private long messagesSum;
    private long messagesMin = Long.MAX_VALUE;
    private long messagesMax;
    private long bytesSum;
    private long heartbeatsSum;
    private long acknowledgementsSum;
    private long messagesFromFaultSum;
    private long bytesFromFaultSum;
    private long acknowledgementsFromFaultSum;
    private int sameInstantOverlapRuns;
    private int lastLeader;
    private int wrongLeaderRuns;
    private int unconvergedRuns;
    private int maxConcurrentLeaders;
    private int splitBrainRuns;
    private int sameTermLeaderRuns;
    private int olderTermLeaderRuns;
    private long events;
    private long[] oneWayLatencyNs = new long[16];
    private long[] floorNs = new long[16];
    private long[] overheadNs = new long[16];
    private int latencyCount;
    private int floorCount;

    public Summary(final List<String> typeNames, final int heartbeatType)
    {
        this.typeNames = typeNames;
        this.heartbeatType = heartbeatType;
        messagesByTypeSum = new double[typeNames.size()];
    }

    public void add(final ElectionResult result)
    {
        runs++;
        if (result.converged())
        {
            convergenceNs = append(convergenceNs, convergedCount++, result.convergenceNs());
        }
        else
        {
            unconvergedRuns++;
        }
        if (result.detectionNs() >= 0)
        {
            detectionNs = append(detectionNs, detectedCount++, result.detectionNs());
        }
        if (result.unavailabilityNs() >= 0)
        {
            unavailabilityNs = append(unavailabilityNs, availableCount++, result.unavailabilityNs());
        }
        for (int type = 0; type < messagesByTypeSum.length; type++)
        {
            messagesByTypeSum[type] += result.messages(type);
        }
        final long messages = result.messagesTotal();
        messagesSum += messages;
        messagesMin = Math.min(messagesMin, messages);
        messagesMax = Math.max(messagesMax, messages);
        bytesSum += result.bytesTotal();
        heartbeatsSum += result.heartbeats();
        acknowledgementsSum += result.acknowledgements();
        messagesFromFaultSum += result.messagesFromFaultTotal();
        bytesFromFaultSum += result.bytesFromFaultTotal();
        acknowledgementsFromFaultSum += result.acknowledgementsFromFault();
        sameInstantOverlapRuns += result.sameInstantLeaderOverlaps() > 0 ? 1 : 0;
        lastLeader = result.finalLeader();
        wrongLeaderRuns += result.wrongLeader() ? 1 : 0;
        maxConcurrentLeaders = Math.max(maxConcurrentLeaders, result.maxConcurrentLeaders());
        splitBrainRuns += result.splitBrain() ? 1 : 0;
        sameTermLeaderRuns += result.sameTermLeaders() > 0 ? 1 : 0;
        olderTermLeaderRuns += result.olderTermLeaderNs() > 0 ? 1 : 0;
        events += result.events();
    }

    /** @param latencyNs a real transport's one-way latency measured for one run. */
    public void addOneWayLatency(final long latencyNs)
    {
        oneWayLatencyNs = append(oneWayLatencyNs, latencyCount++, latencyNs);
    }

    /**
     * @param floorNs    what the simulator predicts for one run's scenario with the transport's
     *                   latency added to every message: the protocol's own timers and hops.
     * @param overheadNs the run's convergence time less its floor (negative when the run was luckier).
     */
    public void addFloor(final long floorNs, final long overheadNs)
    {
        this.floorNs = append(this.floorNs, floorCount, floorNs);
        this.overheadNs = append(this.overheadNs, floorCount, overheadNs);
        floorCount++;
    }

    public Distribution oneWayLatency()
    {
        return new Distribution(oneWayLatencyNs, latencyCount);
    }

    public Distribution floor()
    {
        return new Distribution(floorNs, floorCount);
    }

    public Distribution overhead()
    {
        return new Distribution(overheadNs, floorCount);
    }

    public List<String> typeNames()
    {
        return typeNames;
    }

    public int heartbeatType()
    {
        return heartbeatType;
    }

    public int runs()
    {
        return runs;
    }

    public Distribution convergence()
    {
        return new Distribution(convergenceNs, convergedCount);
    }

    public Distribution detection()
    {
        return new Distribution(detectionNs, detectedCount);
    }

    /** @return the unavailability window over the runs that had one, see {@link ElectionResult#unavailabilityNs()}. */
    public Distribution unavailability()
    {
        return new Distribution(unavailabilityNs, availableCount);
    }

    /** @return mean election messages per run from the fault, see {@link ElectionResult#messagesFromFaultTotal()}. */
    public double messagesFromFaultMean()
    {
        return mean(messagesFromFaultSum);
    }

    /** @return mean election bytes per run from the fault, see {@link ElectionResult#bytesFromFaultTotal()}. */
    public double bytesFromFaultMean()
    {
        return mean(bytesFromFaultSum);
    }

    /** @return mean acknowledgements per run from the reference instant, see {@link ElectionResult#acknowledgements()}. */
    public double acknowledgementsMean()
    {
        return mean(acknowledgementsSum);
    }

    /** @return mean acknowledgements per run from the fault, see {@link ElectionResult#acknowledgementsFromFault()}. */
    public double acknowledgementsFromFaultMean()
    {
        return mean(acknowledgementsFromFaultSum);
    }

    /** @return runs where leaders overlapped for no time at all, see {@link ElectionResult#sameInstantLeaderOverlaps()}. */
    public int sameInstantOverlapRuns()
    {
        return sameInstantOverlapRuns;
    }

    private double mean(final long sum)
    {
        return 0 == runs ? 0 : (double)sum / runs;
    }

    public double messagesMean()
    {
        return 0 == runs ? 0 : (double)messagesSum / runs;
    }

    public long messagesMin()
    {
        return 0 == runs ? 0 : messagesMin;
    }

    public long messagesMax()
    {
        return messagesMax;
    }

    /** @return mean messages of one type per run. */
    public double messagesMean(final int type)
    {
        return 0 == runs ? 0 : messagesByTypeSum[type] / runs;
    }

    public double bytesMean()
    {
        return 0 == runs ? 0 : (double)bytesSum / runs;
    }

    public double heartbeatsMean()
    {
        return 0 == runs ? 0 : (double)heartbeatsSum / runs;
    }

    /** @return the leader of the last run added, 0 when it did not converge. */
    public int lastLeader()
    {
        return lastLeader;
    }

    public int wrongLeaderRuns()
    {
        return wrongLeaderRuns;
    }

    public int unconvergedRuns()
    {
        return unconvergedRuns;
    }

    public int maxConcurrentLeaders()
    {
        return maxConcurrentLeaders;
    }

    /** @return runs where two or more live nodes believed they led together for longer than zero. */
    public int splitBrainRuns()
    {
        return splitBrainRuns;
    }

    public int sameTermLeaderRuns()
    {
        return sameTermLeaderRuns;
    }

    /** @return runs where live leaders of different terms overlapped, see {@link ElectionResult#olderTermLeaderNs()}. */
    public int olderTermLeaderRuns()
    {
        return olderTermLeaderRuns;
    }

    public long events()
    {
        return events;
    }

    private static long[] append(final long[] values, final int index, final long value)
    {
        final long[] target = index < values.length ? values : Arrays.copyOf(values, values.length * 2);
        target[index] = value;
        return target;
    }

    /**
     * A sorted copy of some values, with nearest-rank percentiles. Empty when no run had the value.
     */
    public static final class Distribution
    {
        private final long[] sorted;

        Distribution(final long[] values, final int count)
        {
            sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
        }

        public int count()
        {
            return sorted.length;
        }

        public boolean isEmpty()
        {
            return 0 == sorted.length;
        }

        public double mean()
        {
            double sum = 0;
            for (final long value : sorted)
            {
                sum += value;
            }
            return isEmpty() ? 0 : sum / sorted.length;
        }

        /** @param percentile in (0, 100]. */
        public long percentile(final double percentile)
        {
            if (isEmpty())
            {
                return 0;
            }
            final int rank = (int)Math.ceil(percentile / 100.0 * sorted.length);
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
        }

        public long min()
        {
            return isEmpty() ? 0 : sorted[0];
        }

        public long max()
        {
            return isEmpty() ? 0 : sorted[sorted.length - 1];
        }
    }
}
