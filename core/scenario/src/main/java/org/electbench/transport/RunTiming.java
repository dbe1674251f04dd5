package org.electbench.transport;

import java.util.Locale;

import org.electbench.spi.ElectionSettings;

/**
 * How well the host kept a real-clock run's timing, measured during the run: what a reader (or a
 * test) needs to know before taking the run's outcome for the algorithm's. The election
 * algorithms here are safe only while their messages beat their timers (bully's OK and ring's
 * acknowledgement within T_elec, a leader's heartbeat within the detection timeout); a host that
 * descheduled a worker or the transport's own thread for longer than that made the timers lie,
 * and what followed (two leaders, say) is what the algorithm does when its timing assumption
 * breaks, not a bug.
 * <p>
 * The host's added delay on any one message is its sender's lateness (a timer that fired late
 * sends late) plus how late the message reached its receiver past the instant the modelled
 * network made it due: {@link #maxMessageLatenessNs} measures that on every message, on the
 * receiver's clock, so a transport or worker stall counts as far as it held a message up, and not
 * at all while nothing was in flight. {@link #keptTiming} asks that a round trip of messages each
 * so delayed, on top of the transport's own latency, fits the shortest timeout a message races
 * against. Where some message's lateness could not be measured (a message due at once on a wire
 * that carries due times), the bound falls back on the stalls: the longest any worker and the
 * transport's own threads went without a duty cycle, as if each had held up a message. Either
 * bound is conservative: a run it calls late may well have been unaffected.
 *
 * @param maxTimerLatenessNs   the latest any timer fired behind its deadline.
 * @param maxMessageLatenessNs the latest any message reached its receiver behind its due instant,
 *                             its sender's lateness in offering it included; {@link #NOT_MEASURED}
 *                             when not measured for every message.
 * @param maxWorkerStallNs     the longest any worker went without a duty cycle beyond the park it asked for.
 * @param maxWireStallNs       the longest the transport's own threads (a media driver) went without a duty
 *                             cycle beyond their own park; 0 for a transport with no threads of its own.
 * @param oneWayLatencyNs      the transport's one-way latency measured before the run.
 * @param shortestRaceNs       the run's settings' {@link #shortestRaceNs(ElectionSettings)}.
 */
public record RunTiming(
    long maxTimerLatenessNs, long maxMessageLatenessNs, long maxWorkerStallNs, long maxWireStallNs, long oneWayLatencyNs, long shortestRaceNs)
{
    /** {@link #maxMessageLatenessNs} of a run where some message's lateness was not measured. */
    public static final long NOT_MEASURED = -1;

    /** A run on virtual time: the simulator keeps every timer exactly. */
    public static final RunTiming VIRTUAL = new RunTiming(0, 0, 0, 0, 0, Long.MAX_VALUE);

    /** @return the measures of a run under these settings. */
    public static RunTiming measured(
        final long maxTimerLatenessNs, final long maxMessageLatenessNs, final long maxWorkerStallNs, final long maxWireStallNs,
        final long oneWayLatencyNs, final ElectionSettings settings)
    {
        return new RunTiming(maxTimerLatenessNs, maxMessageLatenessNs, maxWorkerStallNs, maxWireStallNs, oneWayLatencyNs,
            shortestRaceNs(settings));
    }

    /**
     * @return the most the host may have added to one message: its sender late, and its arrival
     * past its due instant; where that was not measured on every message, the sender late, the
     * transport stalled and the receiver stalled.
     */
    public long hostDelayNs()
    {
        return maxTimerLatenessNs + (NOT_MEASURED == maxMessageLatenessNs ? maxWorkerStallNs + maxWireStallNs : maxMessageLatenessNs);
    }

    /**
     * The shortest race a message runs against a timer under these settings: a round trip
     * within the election timeout, a heartbeat within the detection timeout less its interval.
     *
     * @return nanoseconds.
     */
    public static long shortestRaceNs(final ElectionSettings settings)
    {
        return Math.min(settings.electionTimeoutNs(), settings.detectionTimeoutNs() - settings.heartbeatIntervalNs());
    }

    /**
     * The stated threshold: a run kept its timing when a round trip of messages each delayed by
     * the host as much as it delayed any ({@link #hostDelayNs()}), on top of the transport's own
     * latency, still fits the shortest race.
     *
     * @return the most {@link #hostDelayNs()} may be for the run to count as kept.
     */
    public long toleratedHostDelayNs()
    {
        return Math.max(0, shortestRaceNs / 2 - oneWayLatencyNs);
    }

    /** @return whether the host kept the algorithm's timing assumption (see {@link #toleratedHostDelayNs}). */
    public boolean keptTiming()
    {
        return hostDelayNs() <= toleratedHostDelayNs();
    }

    /** @return the measures in milliseconds, for a message that must name them. */
    public String describe()
    {
        return String.format(Locale.ROOT, "timer lateness max %.3f ms, message lateness max %s, worker stall max %.3f ms, " +
            "transport stall max %.3f ms, one-way latency %.3f ms", maxTimerLatenessNs / 1e6,
            NOT_MEASURED == maxMessageLatenessNs ? "not measured on every message" :
                String.format(Locale.ROOT, "%.3f ms", maxMessageLatenessNs / 1e6),
            maxWorkerStallNs / 1e6, maxWireStallNs / 1e6, oneWayLatencyNs / 1e6);
    }

    /** @return {@link #describe()} with the verdict against the threshold. */
    public String describeVerdict()
    {
        return describe() + String.format(Locale.ROOT, "; host delay %.3f ms against %.3f ms tolerated: %s",
            hostDelayNs() / 1e6, toleratedHostDelayNs() / 1e6, keptTiming() ? "kept" : "NOT kept");
    }
}
