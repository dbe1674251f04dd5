package org.electbench.tune;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One leader crash in a raft cluster, message by message, under the rules of one of two real
 * implementations: node 0 leads and crashes at time 0; the others elect.
 * <ul>
 *   <li><b>etcd</b> (go.etcd.io/raft {@code raft.go}): time in ticks of the heartbeat interval,
 *       each node's own ticker at its own phase; a follower campaigns at the R-th tick since it last
 *       heard the leader, R fixed per term uniform in [ElectionTicks, 2 ElectionTicks)
 *       ({@code resetRandomizedElectionTimeout}); a voter within ElectionTicks of its leader's last
 *       message ignores (pre)votes ({@code inLease}, CheckQuorum on); a pre-candidate that fails
 *       waits its R ticks again.</li>
 *   <li><b>hashicorp/raft</b> ({@code raft.go}): a follower checks every {@code randomTimeout(HeartbeatTimeout)}
 *       on a timer contact does not reset ({@code runFollower}); a voter that still knows a leader
 *       rejects (pre)votes "since we have a leader" ({@code requestVote}, {@code requestPreVote}); a
 *       candidate retries after {@code randomTimeout(ElectionTimeout)} ({@code runCandidate}).</li>
 * </ul>
 */
final class RaftFailover
{
    private static final int FOLLOWER = 0;
    private static final int PRE_CANDIDATE = 1;
    private static final int CANDIDATE = 2;
    private static final int LEADER = 3;

    private static final int TIMER = 0;
    private static final int PRE_VOTE = 1;
    private static final int PRE_VOTE_RESPONSE = 2;
    private static final int VOTE = 3;
    private static final int VOTE_RESPONSE = 4;
    private static final int APPEND = 5;

    /** A run that has not converged after this many base timeouts is cut and counted at its length. */
    private static final int GIVE_UP_TIMEOUTS = 200;

    /**
     * @param hashicorp     hashicorp/raft's rules, else etcd's.
     * @param heartbeatNs   etcd: the tick (heartbeat interval); hashicorp: HeartbeatTimeout.
     * @param electionNs    etcd: ElectionTicks × tick; hashicorp: ElectionTimeout.
     * @param preVote       whether a campaign starts with a pre-vote.
     */
    record Rules(boolean hashicorp, long heartbeatNs, long electionNs, boolean preVote)
    {
        long electionTicks()
        {
            return electionNs / heartbeatNs;
        }
    }

    private final Rules rules;
    private final SystemModel.Context context;
    private final int nodes;
    private final EventQueue queue = new EventQueue();
    private final long[] term;
    private final int[] state;
    private final long[] votedTerm;
    private final int[] votedFor;
    private final int[] lead;
    private final double[] lastContactNs;
    private final double[] phaseNs;
    private final long[] ticks;
    private final long[] generation;
    private final int[] granted;
    private final int[] refused;
    private SplittableRandom random;

    RaftFailover(final Rules rules, final SystemModel.Context context)
    {
        this.rules = rules;
        this.context = context;
        nodes = context.nodes();
        term = new long[nodes];
        state = new int[nodes];
        votedTerm = new long[nodes];
        votedFor = new int[nodes];
        lead = new int[nodes];
        lastContactNs = new double[nodes];
        phaseNs = new double[nodes];
        ticks = new long[nodes];
        generation = new long[nodes];
        granted = new int[nodes];
        refused = new int[nodes];
    }

    /** @return crash to the instant every live node names the new leader. */
    double sampleNs(final SplittableRandom rng)
    {
        random = rng;
        queue.clear();
        Arrays.fill(term, 1);
        Arrays.fill(state, FOLLOWER);
        Arrays.fill(votedTerm, 0);
        Arrays.fill(lead, 0);
        final double h = rules.heartbeatNs();
        final double leaderTickNs = -SystemModel.sinceLastNs(random, h, h);
        for (int node = 1; node < nodes; node++)
        {
            if (rules.hashicorp())
            {
                // Its own heartbeat stream, [T/10, T/5) apart (replication.go); the check timer at its own phase.
                lastContactNs[node] = -SystemModel.sinceLastNs(random, h / 10, h / 5) + context.delayNs(random);
                schedule(node, SystemModel.sinceLastNs(random, h, 2 * h));
            }
            else
            {
                phaseNs[node] = random.nextDouble() * h;
                lastContactNs[node] = leaderTickNs + context.delayNs(random);
                ticks[node] = randomTicks();
                scheduleTicks(node, lastContactNs[node]);
            }
        }
        final double giveUpNs = GIVE_UP_TIMEOUTS * (double)Math.max(rules.electionNs(), rules.heartbeatNs());
        while (!queue.isEmpty())
        {
            queue.poll();
            final double nowNs = queue.timeNs();
            if (nowNs > giveUpNs)
            {
                return giveUpNs;
            }
            final int to = queue.to();
            final int from = queue.from();
            final long value = queue.value();
            switch (queue.kind())
            {
                case TIMER:
                    if (value == generation[to])
                    {
                        onTimer(to, nowNs);
                    }
                    break;
                case PRE_VOTE:
                    onPreVote(to, from, value, nowNs);
                    break;
                case PRE_VOTE_RESPONSE:
                    onPreVoteResponse(to, value >> 1, 1 == (value & 1), nowNs);
                    break;
                case VOTE:
                    onVote(to, from, value, nowNs);
                    break;
                case VOTE_RESPONSE:
                    onVoteResponse(to, value >> 1, 1 == (value & 1), nowNs);
                    break;
                default:
                    if (onAppend(to, from, value, nowNs))
                    {
                        return nowNs;
                    }
                    break;
            }
        }
        return giveUpNs;
    }

    private long randomTicks()
    {
        final long electionTicks = rules.electionTicks();
        return electionTicks + (long)(random.nextDouble() * electionTicks);
    }

    private void schedule(final int node, final double atNs)
    {
        queue.add(atNs, TIMER, node, node, ++generation[node]);
    }

    /** etcd: electionElapsed reset at {@code fromNs}; the campaign comes at the node's R-th tick after it. */
    private void scheduleTicks(final int node, final double fromNs)
    {
        final double h = rules.heartbeatNs();
        final double firstTick = Math.floor((fromNs - phaseNs[node]) / h) + 1;
        schedule(node, phaseNs[node] + (firstTick + ticks[node] - 1) * h);
        lastContactNs[node] = fromNs;
    }

    /** etcd's inLease: a leader is known and fewer than ElectionTicks ticks passed since electionElapsed was reset. */
    private boolean inLease(final int node, final double nowNs)
    {
        if (lead[node] < 0)
        {
            return false;
        }
        final double h = rules.heartbeatNs();
        final double elapsed = Math.floor((nowNs - phaseNs[node]) / h) - Math.floor((lastContactNs[node] - phaseNs[node]) / h);
        return elapsed < rules.electionTicks();
    }

    private void onTimer(final int node, final double nowNs)
    {
        if (rules.hashicorp())
        {
            final double h = rules.heartbeatNs();
            if (FOLLOWER == state[node])
            {
                if (nowNs - lastContactNs[node] < h)
                {
                    schedule(node, nowNs + SystemModel.uniform(random, h, h));
                    return;
                }
                lead[node] = -1;
            }
            campaign(node, nowNs);
            schedule(node, nowNs + SystemModel.uniform(random, rules.electionNs(), rules.electionNs()));
            return;
        }
        // tickElection: electionElapsed = 0, then MsgHup; R stays until the term changes.
        scheduleTicks(node, nowNs);
        campaign(node, nowNs);
    }

    private void campaign(final int node, final double nowNs)
    {
        if (rules.preVote())
        {
            state[node] = PRE_CANDIDATE;
            lead[node] = -1;
            granted[node] = 1;
            refused[node] = 0;
            broadcast(node, PRE_VOTE, term[node] + 1, nowNs);
        }
        else
        {
            electSelf(node, nowNs);
        }
    }

    private void electSelf(final int node, final double nowNs)
    {
        term[node]++;
        state[node] = CANDIDATE;
        lead[node] = -1;
        votedTerm[node] = term[node];
        votedFor[node] = node;
        granted[node] = 1;
        refused[node] = 0;
        if (rules.hashicorp())
        {
            schedule(node, nowNs + SystemModel.uniform(random, rules.electionNs(), rules.electionNs()));
        }
        else
        {
            ticks[node] = randomTicks();
            scheduleTicks(node, nowNs);
        }
        broadcast(node, VOTE, term[node], nowNs);
    }

    private void becomeFollower(final int node, final long newTerm, final int leader, final double nowNs)
    {
        final boolean wasFollower = FOLLOWER == state[node];
        term[node] = newTerm;
        state[node] = FOLLOWER;
        lead[node] = leader;
        if (rules.hashicorp())
        {
            if (!wasFollower)
            {
                // runFollower starts a fresh heartbeat timer.
                schedule(node, nowNs + SystemModel.uniform(random, rules.heartbeatNs(), rules.heartbeatNs()));
            }
        }
        else
        {
            ticks[node] = randomTicks();
            scheduleTicks(node, nowNs);
        }
    }

    private void onPreVote(final int voter, final int candidate, final long requestTerm, final double nowNs)
    {
        final boolean grant;
        if (rules.hashicorp())
        {
            grant = lead[voter] < 0 && requestTerm >= term[voter];
        }
        else
        {
            if (requestTerm > term[voter] && inLease(voter, nowNs))
            {
                return;
            }
            grant = requestTerm > term[voter];
        }
        reply(voter, candidate, PRE_VOTE_RESPONSE, grant ? Math.max(requestTerm, term[voter]) : term[voter], grant, nowNs);
    }

    private void onPreVoteResponse(final int candidate, final long responseTerm, final boolean grant, final double nowNs)
    {
        if (PRE_CANDIDATE != state[candidate])
        {
            return;
        }
        if (!grant && responseTerm > term[candidate])
        {
            becomeFollower(candidate, responseTerm, -1, nowNs);
            return;
        }
        if (grant && responseTerm != term[candidate] + 1)
        {
            return;
        }
        if (grant && ++granted[candidate] >= context.quorum())
        {
            electSelf(candidate, nowNs);
        }
        else if (!grant && ++refused[candidate] >= context.quorum() && !rules.hashicorp())
        {
            // etcd: the pre-vote lost, back to follower at the same term.
            becomeFollower(candidate, term[candidate], -1, nowNs);
        }
    }

    private void onVote(final int voter, final int candidate, final long requestTerm, final double nowNs)
    {
        if (rules.hashicorp() && lead[voter] >= 0)
        {
            reply(voter, candidate, VOTE_RESPONSE, term[voter], false, nowNs);
            return;
        }
        if (requestTerm > term[voter])
        {
            if (!rules.hashicorp() && inLease(voter, nowNs))
            {
                return;
            }
            becomeFollower(voter, requestTerm, -1, nowNs);
        }
        final boolean grant = requestTerm == term[voter] && (votedTerm[voter] != term[voter] || votedFor[voter] == candidate) &&
            lead[voter] < 0;
        if (grant)
        {
            votedTerm[voter] = term[voter];
            votedFor[voter] = candidate;
            if (rules.hashicorp())
            {
                lastContactNs[voter] = nowNs;
            }
            else
            {
                scheduleTicks(voter, nowNs);
            }
        }
        reply(voter, candidate, VOTE_RESPONSE, term[voter], grant, nowNs);
    }

    private void onVoteResponse(final int candidate, final long responseTerm, final boolean grant, final double nowNs)
    {
        if (responseTerm > term[candidate])
        {
            becomeFollower(candidate, responseTerm, -1, nowNs);
            return;
        }
        if (CANDIDATE != state[candidate] || responseTerm != term[candidate] || !grant)
        {
            return;
        }
        if (++granted[candidate] >= context.quorum())
        {
            state[candidate] = LEADER;
            lead[candidate] = candidate;
            ++generation[candidate];
            broadcast(candidate, APPEND, term[candidate], nowNs);
        }
    }

    /** @return whether every live node now names this leader. */
    private boolean onAppend(final int node, final int leader, final long leaderTerm, final double nowNs)
    {
        if (leaderTerm < term[node] || LEADER != state[leader] || term[leader] != leaderTerm)
        {
            return false;
        }
        if (FOLLOWER != state[node] || term[node] != leaderTerm || lead[node] != leader)
        {
            becomeFollower(node, leaderTerm, leader, nowNs);
        }
        lastContactNs[node] = nowNs;
        if (!rules.hashicorp())
        {
            scheduleTicks(node, nowNs);
        }
        for (int other = 1; other < nodes; other++)
        {
            if (other != leader && (lead[other] != leader || term[other] != leaderTerm))
            {
                return false;
            }
        }
        return true;
    }

    private void broadcast(final int from, final int kind, final long value, final double nowNs)
    {
        for (int to = 1; to < nodes; to++)
        {
            if (to != from && !context.lost(random))
            {
                queue.add(nowNs + context.delayNs(random), kind, from, to, value);
            }
        }
    }

    private void reply(final int from, final int to, final int kind, final long responseTerm, final boolean grant, final double nowNs)
    {
        if (!context.lost(random))
        {
            queue.add(nowNs + context.delayNs(random), kind, from, to, responseTerm << 1 | (grant ? 1 : 0));
        }
    }
}
