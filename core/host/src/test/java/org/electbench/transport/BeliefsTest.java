package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;
import org.junit.jupiter.api.Test;

/** The tallies {@link Beliefs} keeps as beliefs change, against a count of every node's belief. */
class BeliefsTest
{
    private static final Role[] ROLES = Role.values();

    @Test
    void theMajorityLeaderAndWhoFollowsAnotherAreWhatEveryNodeSays()
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
                beliefs.updateMajority(step);
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
}
