package org.electbench.ring;

import static org.electbench.ring.RingMessages.HEARTBEAT;
import static org.electbench.ring.RingMessages.HEARTBEAT_BODY_LENGTH;
import static org.electbench.ring.RingMessages.HEARTBEAT_TERM_OFFSET;
import static org.electbench.spi.MessageHeader.BYTE_ORDER;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.TimerSlot;

/**
 * The failure detector under the ring rules, both its sides. A leader beats: it broadcasts
 * HEARTBEAT every HBT and hears nothing back. A follower watches its leader: each HEARTBEAT of the
 * leader's term pushes the deadline D on, and the detection timer, armed once, re-arms for what is
 * left of D until D of silence passes. Nothing here decides what the node does then; the rules
 * above say when to beat, when to watch and what a lapsed watch means.
 */
final class Heartbeats
{
    private final ElectionSettings settings;
    private final TimerSlot heartbeatTimer;
    private final TimerSlot detectionTimer;

    private NodeContext ctx;
    private long leaderDeadlineNs;

    /**
     * @param settings           shared by the cluster; HBT and D are its heartbeat interval and detection timeout.
     * @param heartbeatTimerKind the kind the heartbeat timer is scheduled with.
     * @param detectionTimerKind the kind the detection timer is scheduled with.
     */
    Heartbeats(final ElectionSettings settings, final int heartbeatTimerKind, final int detectionTimerKind)
    {
        this.settings = settings;
        heartbeatTimer = new TimerSlot(heartbeatTimerKind);
        detectionTimer = new TimerSlot(detectionTimerKind);
    }

    /** A node's new life: the timers of an earlier life are forgotten, not cancelled, and no deadline is held. */
    void start(final NodeContext ctx)
    {
        this.ctx = ctx;
        detectionTimer.forget();
        heartbeatTimer.forget();
        leaderDeadlineNs = 0;
    }

    /** Broadcast a HEARTBEAT of this term and arm the heartbeat timer for the next one, HBT on. */
    void beat(final long term)
    {
        final MutableDirectBuffer buffer = ctx.claim(HEARTBEAT, HEARTBEAT_BODY_LENGTH);
        buffer.putLong(MessageHeader.LENGTH + HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
        ctx.broadcast();
        heartbeatTimer.arm(ctx, settings.heartbeatIntervalNs());
    }

    /** Start beating HBT from now, unless the heartbeat timer already runs. */
    void startBeating()
    {
        if (!heartbeatTimer.isArmed())
        {
            heartbeatTimer.arm(ctx, settings.heartbeatIntervalNs());
        }
    }

    /** Stop beating: the heartbeat timer is cancelled. */
    void stopBeating()
    {
        heartbeatTimer.cancel(ctx);
    }

    /** @return whether the heartbeat timer is armed. */
    boolean isBeating()
    {
        return heartbeatTimer.isArmed();
    }

    /** @return whether the timer that fired is the armed heartbeat timer (which it then no longer is). */
    boolean beatFired(final long timerId)
    {
        return heartbeatTimer.fired(timerId);
    }

    /** Watch the leader afresh: D from now, arming the detection timer unless it already runs (with the detector on). */
    void watchLeader()
    {
        if (!ctx.detectorEnabled())
        {
            return;
        }
        leaderDeadlineNs = ctx.nowNs() + settings.detectionTimeoutNs();
        if (!detectionTimer.isArmed())
        {
            detectionTimer.arm(ctx, settings.detectionTimeoutNs());
        }
    }

    /** The leader was heard: its deadline moves to D from now, the armed detection timer stays as it is. */
    void heardLeader()
    {
        leaderDeadlineNs = ctx.nowNs() + settings.detectionTimeoutNs();
    }

    /** Stop watching: the detection timer is cancelled. */
    void stopWatchingLeader()
    {
        detectionTimer.cancel(ctx);
    }

    /** @return whether the detection timer is armed. */
    boolean isWatching()
    {
        return detectionTimer.isArmed();
    }

    /** @return whether the timer that fired is the armed detection timer (which it then no longer is). */
    boolean watchFired(final long timerId)
    {
        return detectionTimer.fired(timerId);
    }

    /** @return whether the leader's deadline has passed; if not, the detection timer is armed again for what is left. */
    boolean leaderLapsed()
    {
        final long remainingNs = leaderDeadlineNs - ctx.nowNs();
        if (remainingNs > 0)
        {
            detectionTimer.arm(ctx, remainingNs);
            return false;
        }
        return true;
    }
}
