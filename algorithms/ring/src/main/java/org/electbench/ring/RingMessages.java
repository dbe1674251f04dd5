package org.electbench.ring;

import java.util.List;

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

    private RingMessages()
    {
    }
}
