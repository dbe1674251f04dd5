package org.electbench.ring;

import java.util.List;

/**
 * The ring's message types and body layouts, written after the common header in
 * {@link org.electbench.spi.MessageHeader#BYTE_ORDER}.
 * <pre>
 *   ELECTION, ELECTED   id (int32) | term (int64) [| hop (int64), only with acknowledgements]
 *   ACK                 hop (int64)
 *   HEARTBEAT           term (int64)
 * </pre>
 * ELECTION's id is the candidate, ELECTED's the leader. ELECTION's term is the highest term seen
 * by the nodes it passed, so the winner can take the next one. The hop number names one attempt
 * to hand a message to one successor, and the ACK echoes it.
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
    static final int LAP_BODY_LENGTH = 12;
    static final int ACKNOWLEDGED_LAP_BODY_LENGTH = 20;

    static final int ACK_HOP_OFFSET = 0;
    static final int ACK_BODY_LENGTH = 8;

    static final int HEARTBEAT_TERM_OFFSET = 0;
    static final int HEARTBEAT_BODY_LENGTH = 8;

    private RingMessages()
    {
    }
}
