package org.electbench.spi;

/**
 * What a message type is for, declared by each algorithm for each of its types
 * ({@link ElectionAlgorithm#messageRoles()}), so every algorithm's traffic is counted alike:
 * "messages to a leader" are the election messages and the new leader's announcement, with
 * heartbeats and acknowledgements apart.
 */
public enum MessageRole
{
    /** Choosing a leader: bully's ELECTION and OK, the ring's ELECTION, quorum's ELECT and VOTE, raft's votes. */
    ELECTION,
    /**
     * The new leader telling the others it leads: bully's COORDINATOR, the ring's ELECTED. An
     * algorithm with no such type announces with its heartbeat: a node's first round of
     * heartbeats after it stood (quorum's first LEAD, raft's first HEARTBEAT after winning) is
     * counted as its announcement.
     */
    ANNOUNCEMENT,
    /** The leader's periodic proof of life. */
    HEARTBEAT,
    /** Answers that keep hops or leases up (the ring's ACK, raft's HEARTBEAT_RESPONSE): overhead a textbook algorithm lacks. */
    ACKNOWLEDGEMENT
}
