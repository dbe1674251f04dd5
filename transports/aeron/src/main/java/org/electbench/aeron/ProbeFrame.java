package org.electbench.aeron;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The layout of an RTT probe's ping and pong, on a stream of its own so they never meet election
 * frames: magic, kind, sequence, the pinger's send time (echoed back untouched, so the pinger
 * needs no table of pings in flight), and the UDP endpoint the pong goes to (a ping only). A
 * frame that is too short or has another magic is dropped and counted by the receiver.
 */
final class ProbeFrame
{
    /** "RTT1". */
    static final int MAGIC = 0x52545431;
    static final int PING = 1;
    static final int PONG = 2;
    static final int STREAM_ID = 0x0E1EC7;

    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    static final int MAGIC_OFFSET = 0;
    static final int KIND_OFFSET = 4;
    static final int SEQUENCE_OFFSET = 8;
    static final int SENT_NS_OFFSET = 16;
    static final int REPLY_PORT_OFFSET = 24;
    static final int REPLY_HOST_LENGTH_OFFSET = 28;
    static final int REPLY_HOST_OFFSET = 32;
    static final int PONG_LENGTH = REPLY_PORT_OFFSET;
    static final int MAX_HOST_LENGTH = 255;
    static final int MAX_LENGTH = REPLY_HOST_OFFSET + MAX_HOST_LENGTH;

    private ProbeFrame()
    {
    }

    /** @return the ping's length. */
    static int writePing(
        final MutableDirectBuffer buffer, final long sequence, final long sentNs, final String replyHost, final int replyPort)
    {
        final byte[] host = replyHost.getBytes(StandardCharsets.US_ASCII);
        if (host.length > MAX_HOST_LENGTH)
        {
            throw new IllegalArgumentException("reply host name longer than " + MAX_HOST_LENGTH + " bytes: " + replyHost);
        }
        buffer.putInt(MAGIC_OFFSET, MAGIC, ORDER);
        buffer.putInt(KIND_OFFSET, PING, ORDER);
        buffer.putLong(SEQUENCE_OFFSET, sequence, ORDER);
        buffer.putLong(SENT_NS_OFFSET, sentNs, ORDER);
        buffer.putInt(REPLY_PORT_OFFSET, replyPort, ORDER);
        buffer.putInt(REPLY_HOST_LENGTH_OFFSET, host.length, ORDER);
        buffer.putBytes(REPLY_HOST_OFFSET, host);
        return REPLY_HOST_OFFSET + host.length;
    }

    /** @return whether the frame is a well-formed ping or pong. */
    static boolean valid(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < PONG_LENGTH || buffer.getInt(offset + MAGIC_OFFSET, ORDER) != MAGIC)
        {
            return false;
        }
        final int kind = buffer.getInt(offset + KIND_OFFSET, ORDER);
        if (PONG == kind)
        {
            return true;
        }
        if (PING != kind || length < REPLY_HOST_OFFSET)
        {
            return false;
        }
        final int hostLength = buffer.getInt(offset + REPLY_HOST_LENGTH_OFFSET, ORDER);
        final int port = buffer.getInt(offset + REPLY_PORT_OFFSET, ORDER);
        return hostLength > 0 && hostLength <= MAX_HOST_LENGTH && length >= REPLY_HOST_OFFSET + hostLength && port > 0 && port < 65536;
    }

    static int kind(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + KIND_OFFSET, ORDER);
    }

    static long sequence(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + SEQUENCE_OFFSET, ORDER);
    }

    static long sentNs(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + SENT_NS_OFFSET, ORDER);
    }

    /** @return a ping's reply endpoint as {@code host:port}. */
    static String replyEndpoint(final DirectBuffer buffer, final int offset)
    {
        final int hostLength = buffer.getInt(offset + REPLY_HOST_LENGTH_OFFSET, ORDER);
        return buffer.getStringWithoutLengthAscii(offset + REPLY_HOST_OFFSET, hostLength) + ":" +
            buffer.getInt(offset + REPLY_PORT_OFFSET, ORDER);
    }

    /** Turns a ping in {@code from} into its pong in {@code to}. @return the pong's length. */
    static int writePong(final DirectBuffer from, final int offset, final MutableDirectBuffer to)
    {
        to.putInt(MAGIC_OFFSET, MAGIC, ORDER);
        to.putInt(KIND_OFFSET, PONG, ORDER);
        to.putLong(SEQUENCE_OFFSET, sequence(from, offset), ORDER);
        to.putLong(SENT_NS_OFFSET, sentNs(from, offset), ORDER);
        return PONG_LENGTH;
    }
}
