package org.electbench.spi;

/**
 * What a message type is for, declared by each algorithm for each of its types
 * ({@link ElectionAlgorithm#messageRoles()}), so every algorithm's traffic is counted alike:
 * "messages" are every message it needs until agreement (election messages and their replies,
 * acknowledgements, the announcement and the new leader's first round of heartbeats), each role a
 * part of its own.
 */
public enum MessageRole
{
    /** Choosing a leader: bully's ELECTION and OK, the ring's ELECTION, quorum's ELECT and VOTE, raft's votes. */
    ELECTION,
    /**
     * The new leader telling the others it leads: bully's COORDINATOR, the ring's ELECTED. An
     * algorithm with no such type announces with its heartbeat (quorum's first LEAD, raft's first
     * HEARTBEAT after winning); a new leader's first round of heartbeats is counted the same way
     * for every algorithm, whether or not it also announces.
     */
    ANNOUNCEMENT,
    /** The leader's periodic proof of life. */
    HEARTBEAT,
    /** Answers that keep hops or leases up (the ring's ACK, raft's HEARTBEAT_RESPONSE): counted among the messages where an algorithm needs them to agree. */
    ACKNOWLEDGEMENT
}
