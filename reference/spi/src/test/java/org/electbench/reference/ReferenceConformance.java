package org.electbench.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * What every reference system owes on the real stack, one three-node cluster per class, each node
 * a process in a namespace of its own: after its leader's process is killed the live nodes agree
 * on a live new leader, and the restarted node does not unseat it; after its leader is cut off by
 * nftables the majority elects, the old leader gives leadership up, and no write is committed in
 * an older term after one in a newer term (never two leaders serving writes); after its leader
 * hears nothing (one-way loss: it still sends) it notices, gives leadership up, and the majority
 * elects without two leaders serving writes; its settings matched to a detection silence give that
 * silence; its directories are its owner's only. Outcomes only, never
 * timings. Skipped, saying why, where namespaces or nft are not available.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ReferenceConformance
{
    private static final long BUDGET_NS = TimeUnit.SECONDS.toNanos(30);
    private ReferenceCluster cluster;

    /** @return the system under test. */
    protected abstract ReferenceSystem system();

    @BeforeAll
    void startCluster() throws Exception
    {
        final String unavailable = ReferenceCluster.unavailable();
        assumeTrue(null == unavailable, () -> "reference clusters need network namespaces and nft: " + unavailable);
        cluster = new ReferenceCluster(system(), 3, Map.of());
    }

    @AfterAll
    void stopCluster()
    {
        if (null != cluster)
        {
            cluster.close();
        }
    }

    @Test
    void itsDirectoriesAreReadableByItsOwnerOnly() throws Exception
    {
        final Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rwx------");
        assertEquals(ownerOnly, Files.getPosixFilePermissions(cluster.directory()));
        try (Stream<Path> nodes = Files.list(cluster.directory()))
        {
            for (final Path node : nodes.toList())
            {
                assertEquals(ownerOnly, Files.getPosixFilePermissions(node), node.toString());
            }
        }
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void afterTheLeadersProcessIsKilledTheLiveNodesAgreeOnALiveNewLeader() throws Exception
    {
        final Failovers failovers = new Failovers(cluster, ReferenceScenario.LEADER_CRASH, BUDGET_NS);
        final Failover failover = failovers.next();
        assertTrue(failover.converged(), failover.toString());
        assertNotEquals(failover.oldLeader(), failover.newLeader(), failover.toString());
        assertTrue(failover.electedNs() >= 0 && failover.electedNs() <= failover.agreedNs(), failover.toString());
        assertEquals(failover.newLeader(), failovers.awaitSettled(), "the restarted node unseated the new leader");
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void aPartitionedLeaderGivesUpAndNeverTwoLeadersServeWrites() throws Exception
    {
        cutOffLeaderGivesUpAndNeverTwoLeadersServeWrites(ReferenceScenario.PARTITION);
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void aLeaderThatHearsNothingGivesUpAndTheMajorityElectsWithoutTwoLeadersServingWrites() throws Exception
    {
        cutOffLeaderGivesUpAndNeverTwoLeadersServeWrites(ReferenceScenario.ONE_WAY);
    }

    private void cutOffLeaderGivesUpAndNeverTwoLeadersServeWrites(final ReferenceScenario scenario) throws Exception
    {
        final Failover failover = new Failovers(cluster, scenario, BUDGET_NS).next();
        assertTrue(failover.converged(), failover.toString());
        assertNotEquals(failover.oldLeader(), failover.newLeader(), failover.toString());
        assertTrue(failover.stepDownNs() >= 0, "the cut-off leader never gave leadership up: " + failover);
        assertTrue(failover.writes() > 0, "no write committed while measured, so none could be stale: " + failover);
        assertEquals(0, failover.staleWrites(), failover.toString());
    }

    @Test
    void itsSettingsMatchedToTheTextbookSilenceGiveThatSilence()
    {
        for (final long silenceMs : new long[] {150, 200, 300})
        {
            final Map<String, String> settings = new java.util.LinkedHashMap<>(system().defaultSettings());
            settings.putAll(system().matchedSettings(TimeUnit.MILLISECONDS.toNanos(silenceMs), TimeUnit.MILLISECONDS.toNanos(50)));
            assertEquals(TimeUnit.MILLISECONDS.toNanos(silenceMs), system().detectionSilenceNs(settings), settings.toString());
        }
    }
}
