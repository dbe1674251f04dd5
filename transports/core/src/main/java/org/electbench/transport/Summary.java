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
    private int convergedCount;
    private int detectedCount;
    private int runs;
    private final double[] messagesByTypeSum;
    private long messagesSum;
    private long messagesMin = Long.MAX_VALUE;
    private long messagesMax;
    private long bytesSum;
    private long heartbeatsSum;
    private int lastLeader;
    private int wrongLeaderRuns;
    private int unconvergedRuns;
    private int maxConcurrentLeaders;
    private int splitBrainRuns;
    private int sameTermLeaderRuns;
    private int staleLeaderRuns;
    private long events;
    private long[] oneWayLatencyNs = new long[16];
    private long[] floorNs = new long[16];
    private long[] overheadNs = new long[16];
    private long[] timerLatenessNs = new long[16];
    private int latencyCount;
    private int floorCount;
    private int timerLatenessCount;

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
        lastLeader = result.finalLeader();
        wrongLeaderRuns += result.wrongLeader() ? 1 : 0;
        maxConcurrentLeaders = Math.max(maxConcurrentLeaders, result.maxConcurrentLeaders());
        splitBrainRuns += result.maxConcurrentLeaders() >= 2 ? 1 : 0;
        sameTermLeaderRuns += result.sameTermLeaders() > 0 ? 1 : 0;
        staleLeaderRuns += result.staleLeaderNs() > 0 ? 1 : 0;
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

    /** @param samplesNs how late each timer of one run fired behind its deadline. */
    public void addTimerLateness(final long[] samplesNs)
    {
        if (timerLatenessCount + samplesNs.length > timerLatenessNs.length)
        {
            timerLatenessNs = Arrays.copyOf(timerLatenessNs, Math.max(2 * timerLatenessNs.length, timerLatenessCount + samplesNs.length));
        }
        System.arraycopy(samplesNs, 0, timerLatenessNs, timerLatenessCount, samplesNs.length);
        timerLatenessCount += samplesNs.length;
    }

    /** @return how late timers fired behind their deadlines, over every timer of every run. */
    public Distribution timerLateness()
    {
        return new Distribution(timerLatenessNs, timerLatenessCount);
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

    public int splitBrainRuns()
    {
        return splitBrainRuns;
    }

    public int sameTermLeaderRuns()
    {
        return sameTermLeaderRuns;
    }

    public int staleLeaderRuns()
    {
        return staleLeaderRuns;
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
