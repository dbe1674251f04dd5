package org.electbench.ring;

import java.util.List;

import org.agrona.DirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Terms;

/**
 * The ring's message types and body layouts, written after the common header in
 * {@link org.electbench.spi.MessageHeader#BYTE_ORDER}.
 * <pre>
 *   ELECTION   id (int32) | term (int64) [| hop (int64) | lap (int64), only with acknowledgements]
 *   ELECTED    id (int32) | term (int64) [| hop (int64), only with acknowledgements]
 *   ACK        hop (int64)
 *   HEARTBEAT  term (int64)
 * </pre>
 * ELECTION's id is the candidate, ELECTED's the leader. ELECTION's term is the highest term seen
 * by the nodes it passed, so the winner can take the next one. The hop number names one attempt
 * to hand a message to one successor, and the ACK echoes it. The lap number is drawn at random
 * by the candidate each time it stands, so a node recognises a second copy of the same lap (made
 * when a slow or unacknowledged successor was skipped although it had passed the message on).
 * <p>
 * An instance is the reusable decoder a node wraps around each message it receives: it checks
 * the frame against the one layout its type has in this cluster's mode before any field is read,
 * and allocates nothing.
 */
final class RingMessages
{
    static final int ELECTION = 0;
    static final int ELECTED = 1;
    static final int ACK = 2;
    static final int HEARTBEAT = 3;

    static final List<String> TYPE_NAMES = List.of("ELECTION", "ELECTED", "ACK", "HEARTBEAT");

    static final int ID_OFFSET = 0;
    static final int TERM_OFFSET = 4;
    static final int HOP_OFFSET = 12;
    static final int LAP_OFFSET = 20;
    static final int LAP_BODY_LENGTH = 12;
    static final int ACKNOWLEDGED_ELECTED_BODY_LENGTH = 20;
    static final int ACKNOWLEDGED_ELECTION_BODY_LENGTH = 28;

    static final int ACK_HOP_OFFSET = 0;
    static final int ACK_BODY_LENGTH = 8;

    static final int HEARTBEAT_TERM_OFFSET = 0;
    static final int HEARTBEAT_BODY_LENGTH = 8;

    /** Any type id at or above this one is not a ring message. */
    private static final int TYPE_LIMIT = 4;

    private final boolean acknowledged;
    private final int clusterSize;
    private DirectBuffer buffer;
    private int body;

    /**
     * @param acknowledged whether this cluster acknowledges hops, which fixes the layouts.
     * @param clusterSize  N: a candidate or leader id outside 1..N is malformed.
     */
    RingMessages(final boolean acknowledged, final int clusterSize)
    {
        this.acknowledged = acknowledged;
        this.clusterSize = clusterSize;
    }

    /** @return the body length a message of that type has in a cluster of that mode, or -1 for none. */
    static int bodyLength(final int type, final boolean acknowledged)
    {
        return switch (type)
        {
            case ELECTION -> acknowledged ? ACKNOWLEDGED_ELECTION_BODY_LENGTH : LAP_BODY_LENGTH;
            case ELECTED -> acknowledged ? ACKNOWLEDGED_ELECTED_BODY_LENGTH : LAP_BODY_LENGTH;
            case ACK -> acknowledged ? ACK_BODY_LENGTH : -1;
            case HEARTBEAT -> HEARTBEAT_BODY_LENGTH;
            default -> -1;
        };
    }

    /**
     * @return true when the frame is a whole message of a known type with exactly its type's body
     * (an ACK only where hops are acknowledged), for ELECTION and ELECTED an id in 1..N, and no
     * negative term ({@link Terms#valid}); only then may the type's fields be read. Anything else
     * is malformed, to be dropped and counted.
     */
    boolean wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        final int bodyLength = MessageHeader.checkedBodyLength(buffer, offset, length);
        if (bodyLength < 0)
        {
            return false;
        }
        final int type = MessageHeader.type(buffer, offset);
        if (type >= TYPE_LIMIT || bodyLength != bodyLength(type, acknowledged))
        {
            return false;
        }
        this.buffer = buffer;
        body = offset + MessageHeader.LENGTH;
        if (ELECTION == type || ELECTED == type)
        {
            final int id = id();
            return id >= 1 && id <= clusterSize && Terms.valid(term());
        }
        return HEARTBEAT != type || Terms.valid(heartbeatTerm());
    }

    int type()
    {
        return MessageHeader.type(buffer, body - MessageHeader.LENGTH);
    }

    /** @return ELECTION's candidate or ELECTED's leader. */
    int id()
    {
        return buffer.getInt(body + ID_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return ELECTION's highest term passed, or ELECTED's term. */
    long term()
    {
        return buffer.getLong(body + TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return an ELECTION's or ELECTED's hop number, 0 without acknowledgements. */
    long hop()
    {
        return acknowledged ? buffer.getLong(body + HOP_OFFSET, MessageHeader.BYTE_ORDER) : 0;
    }

    /** @return an ELECTION's lap number, 0 without acknowledgements. */
    long lap()
    {
        return acknowledged ? buffer.getLong(body + LAP_OFFSET, MessageHeader.BYTE_ORDER) : 0;
    }

    /** @return the hop an ACK acknowledges. */
    long ackedHop()
    {
        return buffer.getLong(body + ACK_HOP_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return a HEARTBEAT's term. */
    long heartbeatTerm()
    {
        return buffer.getLong(body + HEARTBEAT_TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }
}
