package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A start leaves what peers were heard as it was, so a quorum used in an earlier life must give a
 * leader the same instants as a new one: each of 2,000 seeded lives (hearings, then a round won or
 * a settled leadership, then more hearings) gives the same {@link RaftQuorum#quorumHeardNs} at every
 * step on a quorum started again after random hearings as on one just made.
 */
class RaftQuorumTest
{
    @ParameterizedTest(name = "{0} servers")
    @ValueSource(ints = {1, 2, 3, 5, 8, 17})
    void aQuorumStartedAgainHearsAsANewOne(final int servers)
    {
        final SplittableRandom random = new SplittableRandom(servers);
        final int selfId = 1 + random.nextInt(servers);
        final RaftQuorum reused = new RaftQuorum(selfId);
        reused.reset(servers);
        for (int life = 0; life < 2_000; life++)
        {
            // What the last life left: hearings at random instants, some from peers that never voted.
            for (int i = random.nextInt(2 * servers); i > 0; i--)
            {
                reused.heard(1 + random.nextInt(servers), random.nextLong(1L << 40));
            }
            final RaftQuorum fresh = new RaftQuorum(selfId);
            fresh.reset(servers);
            reused.reset(servers);
            long nowNs = random.nextLong(1L << 40);
            final long windowNs = 1 + random.nextLong(1_000_000);
            final boolean settled = random.nextBoolean();
            if (settled)
            {
                fresh.heardAll(nowNs);
                reused.heardAll(nowNs);
            }
            else
            {
                fresh.startRound(nowNs);
                reused.startRound(nowNs);
                while (!fresh.won())
                {
                    nowNs += random.nextLong(1_000);
                    final int voterId = 1 + random.nextInt(servers);
                    fresh.grant(voterId, nowNs);
                    reused.grant(voterId, nowNs);
                }
                fresh.heardNonVoters(nowNs - windowNs);
                reused.heardNonVoters(nowNs - windowNs);
            }
            assertEquals(fresh.quorumHeardNs(nowNs), reused.quorumHeardNs(nowNs), "life " + life);
            for (int i = random.nextInt(3 * servers); i > 0; i--)
            {
                nowNs += random.nextLong(windowNs);
                final int peerId = 1 + random.nextInt(servers);
                fresh.heard(peerId, nowNs);
                reused.heard(peerId, nowNs);
                assertEquals(fresh.quorumHeardNs(nowNs), reused.quorumHeardNs(nowNs), "life " + life + ", hearing " + i);
            }
        }
    }
}
