package org.electbench.testkit;

import java.util.List;

import org.agrona.DirectBuffer;
import org.electbench.spi.ClusterProfile;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.LivenessPromise;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * A test algorithm with just enough behaviour to check the simulator: the leader beacons every
 * HBT; a follower that hears a beacon names its sender; a detecting follower that hears nothing
 * for the detection timeout claims leadership with CLAIM to everyone. Counts what each node got.
 */
public final class BeaconAlgorithm implements ElectionAlgorithm
{
    public static final int CLAIM = 0;
    public static final int BEACON = 1;
    public static final int TIMER_BEACON = 1;
    public static final int TIMER_DETECT = 2;

    /** The live nodes its liveness promise needs for a leader; see {@link #liveness}. */
    private final int leaderNodes;

    public BeaconAlgorithm()
    {
        this(1);
    }

    /** @param leaderNodes the live nodes its liveness promise needs for a leader. */
    public BeaconAlgorithm(final int leaderNodes)
    {
        this.leaderNodes = leaderNodes;
    }

    @Override
    public String name()
    {
        return "beacon";
    }

    /** A leader within the default bound, once {@link #leaderNodes} are live. */
    @Override
    public LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        final LivenessPromise promise = ElectionAlgorithm.super.liveness(settings, profile);
        return new LivenessPromise(leaderNodes, promise.boundNs(), promise.derivation());
    }

    @Override
    public List<String> messageTypes()
    {
        return List.of("CLAIM", "BEACON");
    }

    @Override
    public int heartbeatType()
    {
        return BEACON;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new Node();
    }

    public static final class Node implements ElectionNode
    {
        private NodeContext ctx;
        private Role role = Role.FOLLOWER;
        private int leaderId;
        private long term;
        private long detectTimerId;
        public long received;
        public long lastReceivedNs = -1;

        @Override
        public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
        {
            this.ctx = ctx;
            if (start == Start.SETTLED && leaderId == ctx.selfId())
            {
                lead(term);
            }
            else
            {
                follow(leaderId, term);
            }
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            received++;
            lastReceivedNs = ctx.nowNs();
            final long messageTerm = buffer.getLong(offset + MessageHeader.LENGTH, MessageHeader.BYTE_ORDER);
            if (messageTerm >= term && fromId != leaderId)
            {
                follow(fromId, messageTerm);
            }
            else if (role != Role.LEADER)
            {
                armDetector();
            }
        }

        @Override
        public void onTimer(final long timerId, final int kind)
        {
            if (kind == TIMER_BEACON && role == Role.LEADER)
            {
                beacon();
            }
            else if (kind == TIMER_DETECT && timerId == detectTimerId)
            {
                lead(term + 1);
                ctx.claim(CLAIM, 8).putLong(MessageHeader.LENGTH, term, MessageHeader.BYTE_ORDER);
                ctx.broadcast();
            }
        }

        private void lead(final long newTerm)
        {
            role = Role.LEADER;
            leaderId = ctx.selfId();
            term = newTerm;
            ctx.cancel(detectTimerId);
            ctx.announce(role, leaderId, term);
            beacon();
        }

        private void follow(final int newLeader, final long newTerm)
        {
            role = Role.FOLLOWER;
            leaderId = newLeader;
            term = newTerm;
            ctx.announce(role, leaderId, term);
            armDetector();
        }

        private void armDetector()
        {
            ctx.cancel(detectTimerId);
            if (ctx.detectorEnabled())
            {
                detectTimerId = ctx.schedule(ctx.settings().detectionTimeoutNs(), TIMER_DETECT);
            }
        }

        private void beacon()
        {
            ctx.claim(BEACON, 8).putLong(MessageHeader.LENGTH, term, MessageHeader.BYTE_ORDER);
            ctx.broadcast();
            ctx.schedule(ctx.settings().heartbeatIntervalNs(), TIMER_BEACON);
        }

        @Override
        public int leaderId()
        {
            return leaderId;
        }

        @Override
        public Role role()
        {
            return role;
        }

        @Override
        public long term()
        {
            return term;
        }
    }
}
