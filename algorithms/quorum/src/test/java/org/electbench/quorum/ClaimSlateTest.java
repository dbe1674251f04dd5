package org.electbench.quorum;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The slate answers as a slate of a flag and three values per server does: a claim made since the
 * last clear is claimed, clearing forgets every claim, a node's start zeroes the values too, and the
 * round's highest ballot, latest term and latest claimant are those of the claims made since the
 * last clear. Checked after each of 20,000 seeded random steps against such a slate kept beside it.
 */
class ClaimSlateTest
{
    @ParameterizedTest(name = "{0} servers")
    @ValueSource(ints = {1, 2, 5, 17, 64})
    void answersAsAFlagAndThreeValuesPerServerDo(final int servers)
    {
        final SplittableRandom random = new SplittableRandom(servers);
        final ClaimSlate slate = new ClaimSlate();
        final boolean[] claimed = new boolean[servers + 1];
        final long[] term = new long[servers + 1];
        final long[] msg = new long[servers + 1];
        final long[] ballot = new long[servers + 1];
        slate.reset(servers);
        for (int step = 0; step < 20_000; step++)
        {
            final int action = random.nextInt(20);
            if (0 == action)
            {
                slate.reset(servers);
                Arrays.fill(claimed, false);
                Arrays.fill(term, 0);
                Arrays.fill(msg, 0);
                Arrays.fill(ballot, 0);
            }
            else if (action < 4)
            {
                slate.clear();
                Arrays.fill(claimed, false);
            }
            else
            {
                final int id = 1 + random.nextInt(servers);
                // Few distinct values, so that terms and ballots tie and the smallest id must win a tie.
                claimed[id] = true;
                term[id] = random.nextInt(4);
                msg[id] = random.nextInt(3);
                ballot[id] = random.nextInt(5);
                slate.record(id, term[id], msg[id], ballot[id]);
            }
            long highestBallot = 0;
            long latestTerm = 0;
            int latest = ElectionNode.NO_LEADER;
            for (int id = 1; id <= servers; id++)
            {
                assertEquals(claimed[id], slate.claimed(id), "step " + step + ", server " + id);
                assertEquals(term[id], slate.term(id), "step " + step + ", server " + id);
                assertEquals(msg[id], slate.msg(id), "step " + step + ", server " + id);
                if (claimed[id])
                {
                    highestBallot = Math.max(highestBallot, ballot[id]);
                    latestTerm = Math.max(latestTerm, term[id]);
                    if (ElectionNode.NO_LEADER == latest || term[id] > term[latest] || term[id] == term[latest] && msg[id] > msg[latest])
                    {
                        latest = id;
                    }
                }
            }
            assertEquals(highestBallot, slate.highestBallot(), "step " + step);
            assertEquals(latestTerm, slate.latestTerm(), "step " + step);
            assertEquals(latest, slate.latest(), "step " + step);
        }
    }
}
