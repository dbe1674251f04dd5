package org.electbench.tune;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Aeron Cluster's election, from {@code Election.java} and {@code ClusterMember.java} at 1.51.0
 * (https://github.com/aeron-io/aeron/blob/1.51.0/aeron-cluster/src/main/java/io/aeron/cluster/Election.java):
 * a follower starts an election when the leader heartbeat timeout passes; since 1.41 its canvass
 * deadline is the last leader update plus that timeout, already past, so it nominates as soon
 * as a quorum's canvass positions reached it ({@code isQuorumCandidate}), after a random delay in
 * [0, election timeout / 2) ({@code canvass}); with a member dead no ballot is unanimous, so the
 * candidate waits the whole election timeout before it counts a quorum ({@code candidateBallot});
 * two candidates in one term vote each other down and canvass again. The voters' own ballots
 * expire before the new leader announces its term, so from n = 5 on a quorum of them nominates
 * once more and that refused candidacy costs another election timeout; then every follower joins
 * the live log (replay, log init, image) and the election closes (see {@link #afterBallotNs}).
 */
final class AeronClusterModel extends SystemModel
{
    static final String ELECTION_JAVA = "https://github.com/aeron-io/aeron/blob/1.51.0/aeron-cluster/src/main/java/io/aeron/cluster/Election.java";
    static final String INTERVAL = "aeron.cluster.leader.heartbeat.interval";
    static final String TIMEOUT = "aeron.cluster.leader.heartbeat.timeout";
    static final String ELECTION = "aeron.cluster.election.timeout";
    static final String STATUS = "aeron.cluster.election.status.interval";

    @Override
    String cliName()
    {
        return "aeron-cluster";
    }

    @Override
    List<SystemProfile.Key> keys()
    {
        // ConsensusModule.Configuration's defaults.
        return List.of(new SystemProfile.Key(INTERVAL, SystemProfile.Unit.DURATION, 200 * MS),
            new SystemProfile.Key(TIMEOUT, SystemProfile.Unit.DURATION, 10_000 * MS),
            new SystemProfile.Key(ELECTION, SystemProfile.Unit.DURATION, 1_000 * MS),
            new SystemProfile.Key(STATUS, SystemProfile.Unit.DURATION, 100 * MS));
    }

    @Override
    String check(final Map<String, Long> config)
    {
        return config.get(TIMEOUT) <= config.get(INTERVAL) ? TIMEOUT + " must be longer than " + INTERVAL +
            " (ConsensusModule.Context conclude refuses it)" : null;
    }

    @Override
    List<String> guidance(final Map<String, Long> config, final Context context)
    {
        final List<String> broken = new ArrayList<>();
        if (config.get(TIMEOUT) < 2 * config.get(INTERVAL) + context.network().rttP99Ns())
        {
            broken.add(TIMEOUT + " under two heartbeat intervals and the RTT p99: one late heartbeat starts an election");
        }
        if (config.get(ELECTION) < 2 * context.network().rttP99Ns())
        {
            broken.add(ELECTION + " under two RTT p99: a ballot's votes may not come back within it (" + ELECTION_JAVA + " candidateBallot)");
        }
        return broken;
    }

    @Override
    List<Map<String, Long>> candidates(final Context context)
    {
        final List<Map<String, Long>> all = new ArrayList<>();
        for (final long intervalMs : new long[] {10, 20, 50, 100, 200, 500})
        {
            for (final long beats : new long[] {5, 10, 20, 50})
            {
                for (final long electionMs : new long[] {50, 100, 200, 500, 1000})
                {
                    final Map<String, Long> config = config(INTERVAL, intervalMs * MS, TIMEOUT, beats * intervalMs * MS, ELECTION,
                        electionMs * MS, STATUS, 100 * MS);
                    if (intervalMs * MS >= context.network().rttP99Ns() && guidance(config, context).isEmpty())
                    {
                        all.add(config);
                    }
                }
            }
        }
        return all;
    }

    @Override
    SilenceModel.Timing timing(final Map<String, Long> config, final Context context)
    {
        // No jitter; the leader too steps down when it has heard no quorum for the timeout.
        return new SilenceModel.Timing(config.get(INTERVAL), config.get(INTERVAL), config.get(TIMEOUT), 0, false, config.get(TIMEOUT));
    }

    /**
     * The election's own work between its timed phases, each a wait on the media driver or the archive, so a figure of the
     * host rather than of a setting: entering the election ({@code Election.init}: the log subscription closed and its
     * recording stopped), becoming leader ({@code ConsensusModuleAgent.addLogPublication}, which blocks on the driver
     * before the first new-leadership-term message leaves) and a follower joining the live log ({@code followerReplay},
     * {@code followerLogInit}, {@code followerLogAwait}: the log subscription, its image, the archive recording and the
     * service container joining). Taken from the election-state trace in docs/design/advisor-models.md.
     */
    static final double ENTER_NS = 10 * MS;
    static final double LEADER_PUBLICATION_NS = 12 * MS;
    static final double LOG_JOIN_NS = 115 * MS;

    /** @return crash to the new leader's ballot won and its log publication up, and to the election closed on every follower. */
    double[] electedAndClosedNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        final int followers = context.nodes() - 1;
        final double intervalNs = config.get(INTERVAL);
        final double electionNs = config.get(ELECTION);
        final double lastSentNs = -sinceLastNs(random, intervalNs, intervalNs);
        final double[] canvassNs = new double[followers];
        for (int i = 0; i < followers; i++)
        {
            canvassNs[i] = lastSentNs + context.delayNs(random) + config.get(TIMEOUT) + ENTER_NS;
        }
        final double[] readyNs = new double[followers];
        for (int i = 0; i < followers; i++)
        {
            readyNs[i] = quorumCandidateNs(canvassNs, i, context, random, config);
        }
        double startNs = 0;
        while (true)
        {
            double firstNs = Double.MAX_VALUE;
            double secondNs = Double.MAX_VALUE;
            for (int i = 0; i < followers; i++)
            {
                final double nominateNs = Math.max(readyNs[i], startNs) + random.nextDouble() * electionNs / 2;
                if (nominateNs < firstNs)
                {
                    secondNs = firstNs;
                    firstNs = nominateNs;
                }
                else if (nominateNs < secondNs)
                {
                    secondNs = nominateNs;
                }
            }
            // A second candidate that nominated before the first's request reached it votes no: both canvass again.
            if (secondNs < firstNs + context.delayNs(random) && followers > 1)
            {
                startNs = firstNs + electionNs;
                continue;
            }
            final double electedNs = firstNs + electionNs + LEADER_PUBLICATION_NS;
            return new double[] {electedNs, afterBallotNs(firstNs, config, context, random)};
        }
    }

    /**
     * @return when follower {@code i}, canvassing since {@code canvassNs[i]}, holds the canvass positions of a quorum
     *     ({@code ClusterMember.isQuorumCandidate}); the others publish theirs on entering the canvass and every status interval.
     */
    private static double quorumCandidateNs(final double[] canvassNs, final int i, final Context context, final SplittableRandom random,
        final Map<String, Long> config)
    {
        if (context.quorum() < 2)
        {
            return canvassNs[i];
        }
        final double statusNs = config.get(STATUS);
        final double[] arrivals = new double[canvassNs.length - 1];
        int count = 0;
        for (int k = 0; k < canvassNs.length; k++)
        {
            if (k != i)
            {
                final double delayNs = context.delayNs(random);
                final double lateNs = canvassNs[i] - canvassNs[k] - delayNs;
                final double publishes = lateNs <= 0 ? 0 : Math.ceil(lateNs / statusNs);
                arrivals[count++] = canvassNs[k] + publishes * statusNs + delayNs;
            }
        }
        if (count < context.quorum() - 1)
        {
            return Double.MAX_VALUE;
        }
        Arrays.sort(arrivals, 0, count);
        return Math.max(canvassNs[i], arrivals[context.quorum() - 2]);
    }

    /**
     * From the winning nomination to the election closed on every follower. The voters' follower ballots run the same
     * election timeout from one delay later than the candidate's ({@code followerBallot}), while the new leader first opens
     * its log publication: a voter whose ballot expires before the new leadership term reaches it canvasses again. When a
     * quorum of voters does, they are quorum candidates among themselves (n - 2 of them, so from n = 5 on) and nominate once
     * more ({@code canvass}, {@code nominate}); the new leader refuses that candidate, its log being in the newer term
     * ({@code onRequestVote}, {@code compareLog}), so the ballot fails after a whole election timeout ({@code isQuorumLeader}:
     * one vote against) and its voters canvass; the leader answers a canvass position from an older term with its new
     * leadership term ({@code onCanvassPosition}). A voter that canvasses alone takes that term as it arrives (canvass
     * accepts it). Then each follower joins the live log and reports its append position, which closes the election.
     */
    private static double afterBallotNs(final double nominatedNs, final Map<String, Long> config, final Context context,
        final SplittableRandom random)
    {
        final int voters = context.nodes() - 2;
        final double electionNs = config.get(ELECTION);
        final double leaderNs = nominatedNs + electionNs + LEADER_PUBLICATION_NS;
        final double[] termArrivesNs = new double[voters];
        final double[] expiresNs = new double[voters];
        int expiredFirst = 0;
        for (int i = 0; i < voters; i++)
        {
            expiresNs[i] = nominatedNs + context.delayNs(random) + electionNs;
            termArrivesNs[i] = leaderNs + context.delayNs(random);
            expiredFirst += expiresNs[i] < termArrivesNs[i] ? 1 : 0;
        }
        if (expiredFirst >= context.quorum())
        {
            // The refused rival: its voters' positions come from each other, the earliest of them nominates.
            double rivalNs = Double.MAX_VALUE;
            for (int i = 0; i < voters; i++)
            {
                final double positionsNs = expiresNs[i] + context.delayNs(random);
                rivalNs = Math.min(rivalNs, positionsNs + random.nextDouble() * electionNs / 2);
            }
            for (int i = 0; i < voters; i++)
            {
                // Its voters' ballots expire, they canvass, the leader answers with its term.
                termArrivesNs[i] = rivalNs + context.delayNs(random) + electionNs + context.delayNs(random) + context.delayNs(random);
            }
        }
        double closedNs = leaderNs;
        for (int i = 0; i < voters; i++)
        {
            closedNs = Math.max(closedNs, termArrivesNs[i] + LOG_JOIN_NS + context.delayNs(random));
        }
        return closedNs;
    }

    @Override
    double failoverNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        return electedAndClosedNs(config, context, random)[1];
    }

    @Override
    List<String> modelled(final Context context)
    {
        return list("a follower starts an election exactly when " + TIMEOUT + " passes since the leader's last heartbeat (no jitter)",
            "since 1.41 the canvass deadline is the last leader update + " + TIMEOUT + ", already past: a follower nominates once " +
                "a quorum's canvass positions reached it (published every " + STATUS + "), after a delay in [0, " + ELECTION + " / 2) (" +
                ELECTION_JAVA + " canvass, ClusterMember.isQuorumCandidate)",
            "with a member dead no ballot is unanimous: the candidate counts its quorum when " + ELECTION + " has passed " +
                "(candidateBallot); two candidates in one term vote each other down and canvass again",
            "the voters' follower ballots expire one delay after the candidate's, before the new leader, still opening its log " +
                "publication, announces its term: with n - 2 >= quorum they nominate once more, the leader refuses that candidate " +
                "(its log is newer: onRequestVote) and the ballot fails after another " + ELECTION + "; the leader then answers their " +
                "canvass with its term (onCanvassPosition)",
            "failover = election closed on every follower: the new term, the follower's replay, log subscription and image " +
                "(followerReplay, followerLogInit, followerLogAwait), its append position back; the election's own waits on the " +
                "media driver and archive are constants taken from Aeron's election-state trace on one machine");
    }

    @Override
    double heartbeatsPerSecond(final Map<String, Long> config, final Context context)
    {
        return (context.nodes() - 1) * 1e9 / config.get(INTERVAL);
    }

    @Override
    String defaultVersion()
    {
        return "1.51.0";
    }

    @Override
    String checkVersion(final String version)
    {
        return atLeast(version, 1, 41) ? null : "--version: aeron-cluster is modelled from 1.41 on (the canvass deadline from the last " +
            "leader update); earlier versions canvass for a whole election timeout first";
    }
}
