package org.electbench.quorum;

/**
 * The ELECTOR and CANDIDATE machines together: whether the ELECTOR is VOTING (else WATCHING)
 * and whether the CANDIDATE is LEADER (else FOLLOWER). {@link #DOWN} is before the first start.
 * The node's one transition method, {@code QuorumNode.state}, moves between them.
 */
enum QuorumState
{
    DOWN(false, false),
    /** ELECTOR WATCHING, CANDIDATE FOLLOWER: the usual state. */
    WATCHING(false, false),
    /** ELECTOR VOTING, CANDIDATE FOLLOWER. */
    VOTING(true, false),
    /** CANDIDATE LEADER, its ELECTOR WATCHING. */
    LEADING(false, true),
    /** CANDIDATE LEADER, its ELECTOR VOTING in a round an ELECT started. */
    LEADING_VOTING(true, true);

    private final boolean voting;
    private final boolean leading;

    QuorumState(final boolean voting, final boolean leading)
    {
        this.voting = voting;
        this.leading = leading;
    }

    boolean voting()
    {
        return voting;
    }

    boolean leading()
    {
        return leading;
    }

    /** @return the state with the ELECTOR VOTING or WATCHING and the CANDIDATE as it is. */
    QuorumState voting(final boolean voting)
    {
        return of(voting, leading);
    }

    /** @return the state with the CANDIDATE LEADER or FOLLOWER and the ELECTOR as it is. */
    QuorumState leading(final boolean leading)
    {
        return of(voting, leading);
    }

    private static QuorumState of(final boolean voting, final boolean leading)
    {
        return leading ? (voting ? LEADING_VOTING : LEADING) : (voting ? VOTING : WATCHING);
    }
}
