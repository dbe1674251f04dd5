package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;
import org.junit.jupiter.api.Test;

/**
 * The tallies {@link Beliefs} keeps as beliefs change, against a count of every node's belief: the
 * majority leader, who follows another, and the id every live node names, over the whole cluster
 * and over the side of a fault, the side drawn afresh now and then.
 */
class BeliefsTest
{
    private static final Role[] ROLES = Role.values();

    @Test
    void theMajorityLeaderWhoFollowsAnotherAndWhoAllNameAreWhatEveryNodeSays()
    {
        final SplittableRandom random = new SplittableRandom(7);
        for (final int nodes : new int[] {1, 2, 3, 4, 5, 8, 17})
        {
            final Beliefs beliefs = new Beliefs(nodes);
            for (int step = 0; step < 20_000; step++)
            {
                final int id = 1 + random.nextInt(nodes);
                if (!beliefs.live[id])
                {
                    beliefs.start(id);
                }
                else if (random.nextInt(10) == 0)
                {
                    beliefs.crash(id);
                }
                else
                {
                    final Role role = ROLES[random.nextInt(ROLES.length)];
                    // A leader names itself but now and then, to cover an algorithm that does not.
                    final int named = Role.LEADER == role && random.nextInt(4) > 0 ? id : random.nextInt(nodes + 1);
                    beliefs.believe(id, role, named, random.nextInt(3));
                }
                if (random.nextInt(500) == 0)
                {
                    // A new run's side, or none: taken mid-run too, from the nodes live then.
                    final boolean[] side = random.nextBoolean() ? null : randomSide(random, nodes);
                    beliefs.divide(side);
                    for (int each = 1; each <= nodes; each++)
                    {
                        assertEquals(null == side || each < side.length && side[each], beliefs.side[each], "n = " + nodes + ", id " + each);
                    }
                }
                beliefs.updateMajority(step);
                assertEquals(namedByAll(beliefs, false), beliefs.namedByAllLive(), "n = " + nodes + ", step " + step);
                assertEquals(namedByAll(beliefs, true), beliefs.namedByAllOnSide(), "n = " + nodes + ", step " + step);
                assertEquals(majorityLeader(beliefs), beliefs.majorityLeader, "n = " + nodes + ", step " + step);
                for (int majority = 1; majority <= nodes; majority++)
                {
                    assertEquals(followsAnother(beliefs, majority), beliefs.someoneFollowsAnotherThan(majority),
                        "n = " + nodes + ", step " + step + ", leader " + majority);
                }
            }
        }
    }

    private static int majorityLeader(final Beliefs beliefs)
    {
        for (int id = 1; id <= beliefs.nodes; id++)
        {
            int naming = 0;
            for (int other = 1; other <= beliefs.nodes; other++)
            {
                if (beliefs.live[other] && beliefs.leader[other] == id)
                {
                    naming++;
                }
            }
            if (beliefs.live[id] && Role.LEADER == beliefs.role[id] && naming > beliefs.nodes / 2)
            {
                return id;
            }
        }
        return ElectionNode.NO_LEADER;
    }

    private static boolean followsAnother(final Beliefs beliefs, final int majority)
    {
        for (int id = 1; id <= beliefs.nodes; id++)
        {
            final int named = beliefs.leader[id];
            if (beliefs.live[id] && Role.LEADER != beliefs.role[id] && ElectionNode.NO_LEADER != named && named != majority)
            {
                return true;
            }
        }
        return false;
    }

    private static boolean[] randomSide(final SplittableRandom random, final int nodes)
    {
        // Now and then shorter than the cluster, as a plan's may be: the ids past its end are off the side.
        final boolean[] side = new boolean[1 + random.nextInt(nodes + 1)];
        for (int id = 1; id < side.length; id++)
        {
            side[id] = random.nextBoolean();
        }
        return side;
    }

    /** @return the id every counted live node names, as a scan finds it; nobody when none counts, one names nobody or two differ. */
    private static int namedByAll(final Beliefs beliefs, final boolean sideOnly)
    {
        int named = ElectionNode.NO_LEADER;
        for (int id = 1; id <= beliefs.nodes; id++)
        {
            if (beliefs.live[id] && (!sideOnly || beliefs.side[id]))
            {
                if (ElectionNode.NO_LEADER == beliefs.leader[id] || ElectionNode.NO_LEADER != named && beliefs.leader[id] != named)
                {
                    return ElectionNode.NO_LEADER;
                }
                named = beliefs.leader[id];
            }
        }
        return named;
    }
}
