package org.electbench.transport;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;

/**
 * Agreement and availability: when exactly one live node led and every live node named it, the
 * last change of any belief (the settle window runs from it), and the first instant from the
 * fault with a leader every live node on the electing side names.
 */
final class AgreementRecorder
{
    private static final long NONE = -1;

    private final Beliefs beliefs;
    private long referenceNs;
    private long faultNs;
    private long sideEndNs;
    private long settleWindowNs;
    private long agreedSinceNs;
    private long lastChangeNs;
    private long availableNs;

    AgreementRecorder(final Beliefs beliefs)
    {
        this.beliefs = beliefs;
    }

    void reset(final long referenceNs, final long faultNs, final long sideEndNs, final long settleWindowNs, final boolean[] planSide)
    {
        this.referenceNs = referenceNs;
        this.faultNs = faultNs;
        this.sideEndNs = sideEndNs;
        this.settleWindowNs = settleWindowNs;
        // Whose view counts for availability until sideEndNs.
        beliefs.divide(planSide);
        agreedSinceNs = NONE;
        lastChangeNs = 0;
        availableNs = NONE;
    }

    /** The state held from {@code lastAccountNs} to {@code nowNs}, without any change at the fault or the division's end. */
    void account(final long lastAccountNs, final long nowNs)
    {
        if (NONE == availableNs)
        {
            if (faultNs - lastAccountNs > 0 && nowNs - faultNs > 0 && available(faultNs))
            {
                availableNs = faultNs;
            }
            else if (sideEndNs - lastAccountNs > 0 && nowNs - sideEndNs > 0 && available(sideEndNs))
            {
                availableNs = sideEndNs;
            }
        }
    }

    /** @return whether agreement began at this change. */
    boolean changed(final long nowNs)
    {
        lastChangeNs = nowNs;
        boolean began = false;
        if (!beliefs.agreed())
        {
            agreedSinceNs = NONE;
        }
        else if (NONE == agreedSinceNs)
        {
            agreedSinceNs = nowNs;
            began = true;
        }
        if (NONE == availableNs && nowNs - faultNs >= 0 && available(nowNs))
        {
            availableNs = nowNs;
        }
        return began;
    }

    boolean agreed()
    {
        return NONE != agreedSinceNs;
    }

    long lastChangeNs()
    {
        return lastChangeNs;
    }

    long referenceNs()
    {
        return referenceNs;
    }

    boolean settled(final long nowNs, final long lastFaultNs)
    {
        return NONE != agreedSinceNs && nowNs - lastFaultNs >= 0 && nowNs - lastChangeNs >= settleWindowNs;
    }

    /** @return the reference instant to the agreement that held, never negative. */
    long convergenceNs()
    {
        return Math.max(0, agreedSinceNs - referenceNs);
    }

    /** @return the fault to the first instant with a leader the electing side names, or -1 for none. */
    long unavailabilityNs()
    {
        return NONE == availableNs ? NONE : availableNs - faultNs;
    }

    /**
     * @return whether some live node leads and every live node that counts at {@code atNs} names
     *         it: those on the side that must elect while the fault divides the cluster, every
     *         live node from its end. From the tallies {@link Beliefs} keeps, in constant time: at
     *         n = 1024 a scan of every node at each change of belief was a seventh of an election.
     */
    private boolean available(final long atNs)
    {
        final boolean wholeCluster = atNs - sideEndNs >= 0;
        final int named = wholeCluster ? beliefs.namedByAllLive() : beliefs.namedByAllOnSide();
        return ElectionNode.NO_LEADER != named && beliefs.live[named] && beliefs.role[named] == Role.LEADER &&
            beliefs.leader[named] == named && (wholeCluster || beliefs.side[named]);
    }
}
