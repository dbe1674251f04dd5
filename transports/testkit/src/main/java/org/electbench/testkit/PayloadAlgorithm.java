package org.electbench.testkit;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * A test algorithm that checks message bytes: from a settled start the leader sends every
 * follower one DATA message of each body length 0..MAX_BODY_LENGTH, each body a pattern of its
 * length and receiver; every receiver checks header and body and counts what it got.
 */
public final class PayloadAlgorithm implements ElectionAlgorithm
{
    public static final int DATA = 0;
    public static final int PING = 1;

    public long delivered;
    public long corrupted;

    @Override
    public String name()
    {
        return "payload";
    }

    @Override
    public List<String> messageTypes()
    {
        return List.of("DATA", "PING");
    }

    @Override
    public int heartbeatType()
    {
        return PING;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new Node();
    }

    static byte patternByte(final int bodyLength, final int toId, final int index)
    {
        return (byte)(31 * bodyLength + 7 * toId + index);
    }

    final class Node implements ElectionNode
    {
        private NodeContext ctx;
        private Role role = Role.FOLLOWER;
        private int leaderId;
        private long term;

        @Override
        public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
        {
            this.ctx = ctx;
            this.leaderId = leaderId;
            this.term = term;
            role = leaderId == ctx.selfId() ? Role.LEADER : Role.FOLLOWER;
            ctx.announce(role, leaderId, term);
            if (role == Role.LEADER)
            {
                for (int to = 1; to <= ctx.clusterSize(); to++)
                {
                    for (int bodyLength = 0; bodyLength <= MessageHeader.MAX_BODY_LENGTH; bodyLength++)
                    {
                        final MutableDirectBuffer buffer = ctx.claim(DATA, bodyLength);
                        for (int index = 0; index < bodyLength; index++)
                        {
                            buffer.putByte(MessageHeader.LENGTH + index, patternByte(bodyLength, to, index));
                        }
                        ctx.send(to);
                    }
                }
            }
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            delivered++;
            final int bodyLength = MessageHeader.bodyLength(buffer, offset);
            boolean intact = MessageHeader.type(buffer, offset) == DATA && MessageHeader.senderId(buffer, offset) == fromId &&
                length == MessageHeader.LENGTH + bodyLength;
            for (int index = 0; intact && index < bodyLength; index++)
            {
                intact = buffer.getByte(offset + MessageHeader.LENGTH + index) == patternByte(bodyLength, ctx.selfId(), index);
            }
            if (!intact)
            {
                corrupted++;
            }
        }

        @Override
        public void onTimer(final long timerId, final int kind)
        {
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
