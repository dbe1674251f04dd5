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
 * two candidates in one term vote each other down and canvass again. Then the new leadership
 * term reaches the followers and the leader replays the log it had not applied (the replay
 * phase, empty on an idle cluster).
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

    /** @return crash to the new leader's ballot closing (LEADER_LOG_REPLICATION), and to the election closed on the followers. */
    double[] electedAndClosedNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        final int followers = context.nodes() - 1;
        final double intervalNs = config.get(INTERVAL);
        final double electionNs = config.get(ELECTION);
        final double statusNs = config.get(STATUS);
        final double lastSentNs = -sinceLastNs(random, intervalNs, intervalNs);
        final double[] detectedNs = new double[followers];
        for (int i = 0; i < followers; i++)
        {
            detectedNs[i] = lastSentNs + context.delayNs(random) + config.get(TIMEOUT);
        }
        // Quorum candidate: the positions of quorum - 1 others, published on entering the election and every status interval.
        final double[] readyNs = new double[followers];
        final double[] arrivals = new double[followers - 1];
        for (int i = 0; i < followers; i++)
        {
            int count = 0;
            for (int k = 0; k < followers; k++)
            {
                if (k != i)
                {
                    final double delayNs = context.delayNs(random);
                    final double lateNs = detectedNs[i] - detectedNs[k] - delayNs;
                    final double publishes = lateNs <= 0 ? 0 : Math.ceil(lateNs / statusNs);
                    arrivals[count++] = detectedNs[k] + publishes * statusNs + delayNs;
                }
            }
            Arrays.sort(arrivals, 0, count);
            readyNs[i] = Math.max(detectedNs[i], context.quorum() - 2 < 0 ? detectedNs[i] : arrivals[context.quorum() - 2]);
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
            final double electedNs = firstNs + electionNs;
            return new double[] {electedNs, electedNs + context.delayNs(random) + context.delayNs(random) + context.delayNs(random)};
        }
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
            "failover = election closed: the ballot, then the new leadership term to the followers, their append positions back and " +
                "the commit position out (three one-way delays); the post-ballot replay of unapplied log is empty on an idle cluster");
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
