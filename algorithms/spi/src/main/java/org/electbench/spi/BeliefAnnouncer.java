package org.electbench.spi;

/**
 * What a node last announced (its role, the leader it names, the term), so that it tells the
 * runtime its belief only when the belief changes ({@link NodeContext#announce}).
 */
public final class BeliefAnnouncer
{
    private Role announcedRole;
    private int announcedLeaderId;
    private long announcedTerm;

    /** Forgets the last announcement: the next one is made whatever it says, as at a node's start. */
    public void reset()
    {
        announcedRole = null;
    }

    /** Announces the belief through {@code ctx} unless it is the one last announced. */
    public void announce(final NodeContext ctx, final Role role, final int leaderId, final long term)
    {
        if (role != announcedRole || leaderId != announcedLeaderId || term != announcedTerm)
        {
            announcedRole = role;
            announcedLeaderId = leaderId;
            announcedTerm = term;
            ctx.announce(role, leaderId, term);
        }
    }
}
