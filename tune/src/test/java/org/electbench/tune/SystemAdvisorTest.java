package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code tune --system}: one answer in the system's own keys, inside its limits, accepted on the
 * bound; each system's own timing (Kubernetes and Aeron Cluster do not randomise as raft does).
 */
class SystemAdvisorTest
{
    private static final long MS = 1_000_000L;
    private static final NetworkFit LAN = NetworkFit.fromPercentiles(500_000, 2_000_000, 0);

    private static TuneRequest request(final double target)
    {
        return TuneRequest.of(5, LAN, PauseModel.of(6, 50 * MS), target, List.of("raft"), List.of(), 1, 2).withEffort(SweepGrid.defaults(), 50);
    }

    @Test
    void etcdGetsOneAnswerInItsOwnIntegerKeysWithinItsLimitsAndUnderTheTargetOnTheBound() throws Exception
    {
        final SystemAdvisor.Report report = new SystemAdvisor(SystemProfile.ETCD, request(1))
            .run(SystemProfile.ETCD.parse("heartbeat-interval=100,election-timeout=1000"), Tuner.Progress.NONE);
        final SystemAdvisor.Entry best = report.recommended();
        assertNotNull(best, report.why());
        assertTrue(best.falseElections().upperPerDay() <= 1, best.toString());
        final long heartbeatNs = best.config().get("heartbeat-interval");
        final long electionNs = best.config().get("election-timeout");
        assertEquals(0, heartbeatNs % MS, "integer milliseconds");
        assertEquals(0, electionNs % MS, "integer milliseconds");
        assertTrue(electionNs >= 5 * heartbeatNs && electionNs < 50_000 * MS, best.toString());
        for (final SystemAdvisor.Entry entry : report.entries())
        {
            if (entry.failover().p99Ns() < best.failover().p99Ns())
            {
                assertTrue(entry.falseElections().upperPerDay() > 1, "a faster config under the target was passed over: " + entry);
            }
        }
        final JsonNode json = new ObjectMapper().readTree(SystemFormat.json(report));
        assertEquals(heartbeatNs / MS, json.get("recommendation").get("config").get("heartbeat-interval").asLong());
        assertTrue(json.get("recommendation").get("config").get("heartbeat-interval").isIntegralNumber());
        assertEquals("--heartbeat-interval=" + heartbeatNs / MS + " --election-timeout=" + electionNs / MS,
            json.get("recommendation").get("settings").asText());
        // The defaults fail over in seconds on a LAN: the advice is to go lower.
        assertTrue(report.changes().stream().anyMatch(change -> change.startsWith("election-timeout: 1000 -> ")), report.changes().toString());
        assertTrue(report.current().failover().p99Ns() > best.failover().p99Ns());
    }

    @Test
    void kubernetesLeasesFailOverAfterTheLeaseAndPollsWithNoRaftJitter()
    {
        final Map<String, Long> defaults = SystemProfile.KUBERNETES.defaults();
        final SystemAdvisor.Report report = new SystemAdvisor(SystemProfile.KUBERNETES, request(1)).run(defaults, Tuner.Progress.NONE);
        final Evaluation.Failover failover = report.current().failover();
        // A candidate takes the lease LeaseDuration after it last saw a renewal, on a poll every [2 s, 4.4 s).
        assertTrue(failover.p50Ns() > 15_000 * MS && failover.p50Ns() < 19_000 * MS, failover.toString());
        assertTrue(failover.maxNs() < (15_000 + 2 * 4_400 + 10) * MS, failover.toString());
        assertTrue(report.recommended().failover().p99Ns() < failover.p99Ns());
    }

    @Test
    void aeronClusterActsExactlyAtItsHeartbeatTimeoutThenCanvassesAndNominates()
    {
        final SystemAdvisor.Report report =
            new SystemAdvisor(SystemProfile.AERON_CLUSTER, request(1)).run(SystemProfile.AERON_CLUSTER.defaults(), Tuner.Progress.NONE);
        final Evaluation.Failover failover = report.current().failover();
        // 10 s timeout less up to a 200 ms interval, no canvass wait (past since 1.41), the least of four delays in [0, 500 ms),
        // the whole 1 s ballot (no unanimity with the leader dead): about 10 - 0.1 + 0.1 + 1 s; then, at n = 5, the voters'
        // refused candidacy (the least of three delays in [0, 500 ms) and another 1 s) and the followers' log join.
        assertTrue(failover.p50Ns() > 12_000 * MS && failover.p50Ns() < 12_500 * MS, failover.toString());
        assertTrue(failover.p99Ns() < 13_000 * MS, failover.toString());
    }

    @Test
    void consulAndKubernetesEachGetOneAnswerInTheirOwnKeysWithinTheirLimitsUnderTheTargetOnTheBound()
    {
        for (final SystemProfile system : List.of(SystemProfile.CONSUL, SystemProfile.KUBERNETES))
        {
            final SystemAdvisor.Report report = new SystemAdvisor(system, request(1)).run(null, Tuner.Progress.NONE);
            final SystemAdvisor.Entry best = report.recommended();
            assertNotNull(best, system + ": " + report.why());
            assertNull(system.check(best.config()), system + " refuses its own recommendation " + best.config());
            assertTrue(best.falseElections().upperPerDay() <= 1, best.toString());
            assertEquals(system.keys().stream().map(SystemProfile.Key::name).toList(), List.copyOf(best.config().keySet()));
        }
    }

    @Test
    void etcdTakesAnElectionTimeoutOf50000MsAndCountsItInWholeHeartbeats()
    {
        assertEquals(50_000 * MS, SystemProfile.ETCD.parse("heartbeat-interval=1000,election-timeout=50000").get("election-timeout"));
        final IllegalArgumentException over = assertThrows(IllegalArgumentException.class,
            () -> SystemProfile.ETCD.parse("heartbeat-interval=1000,election-timeout=50001"));
        assertTrue(over.getMessage().contains("at most 50000 ms"), over.getMessage());
        // ElectionTicks = 1050 / 100 = 10: the timeout a follower waits is 1000 ms.
        final Map<String, Long> config = SystemProfile.ETCD.parse("heartbeat-interval=100,election-timeout=1050");
        assertEquals(1_000 * MS, SystemProfile.ETCD.model().timing(config, new SystemModel.Context(LAN, 5, "3.5", ApiServerLaw.DEFAULT))
            .timeoutNs());
        assertEquals(List.of("--election-timeout 1050 runs as 10 ticks = 1000 ms (ElectionTicks = ElectionMs / TickMs)"),
            SystemProfile.ETCD.model().rounding(config));
        final IllegalArgumentException hashicorp = assertThrows(IllegalArgumentException.class,
            () -> SystemProfile.HASHICORP_RAFT.parse("HeartbeatTimeout=1s,ElectionTimeout=500ms,LeaderLeaseTimeout=500ms"));
        assertTrue(hashicorp.getMessage().contains("ElectionTimeout must be at least HeartbeatTimeout"), hashicorp.getMessage());
    }

    @Test
    void aConfigTheSystemRefusesOrAKeyItLacksIsNamed()
    {
        final IllegalArgumentException ratio = assertThrows(IllegalArgumentException.class,
            () -> SystemProfile.ETCD.parse("heartbeat-interval=100,election-timeout=300"));
        assertTrue(ratio.getMessage().startsWith("--current: --election-timeout must be at least 5 times"), ratio.getMessage());
        final IllegalArgumentException key = assertThrows(IllegalArgumentException.class, () -> SystemProfile.CONSUL.parse("multiplier=3"));
        assertTrue(key.getMessage().contains("raft_multiplier"), key.getMessage());
        final IllegalArgumentException range = assertThrows(IllegalArgumentException.class, () -> SystemProfile.CONSUL.parse("raft_multiplier=11"));
        assertTrue(range.getMessage().contains("1 to 10"), range.getMessage());
        assertNull(SystemProfile.KUBERNETES.check(SystemProfile.KUBERNETES.defaults()));
    }
}
