package org.electbench.reference.aeron;

import java.io.File;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.ElectionState;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusterCounters;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.status.CountersReader;
import org.electbench.reference.NodeArgs;
import org.electbench.reference.NodeRole;
import org.electbench.reference.StateReporter;

/**
 * One Aeron Cluster member as a process: a media driver, an archive, a consensus module and one
 * clustered service ({@link LeaderWrites}), every agent on one shared thread that sleeps a
 * millisecond when idle, 64 KiB sparse terms, every directory under the node's own and deleted on
 * start and shutdown. The cluster's settings arrive as Aeron's own system properties. Who leads
 * comes from the consensus module's own counters (node role and election state, what
 * {@code ClusterTool} reads) and the leader member the service was told of in the committed
 * new-leadership-term event. Member ids are the node id less one.
 */
public final class AeronClusterNode
{
    static final int INGRESS_PORT = 20110;
    static final int CONSENSUS_PORT = 20111;
    static final int LOG_PORT = 20112;
    static final int CATCHUP_PORT = 20113;
    static final int ARCHIVE_PORT = 20114;
    static final int LOG_CONTROL_PORT = 20115;
    private static final String TERM = "term-length=64k";

    private AeronClusterNode()
    {
    }

    @SuppressWarnings("try")
    public static void main(final String[] args) throws InterruptedException
    {
        final NodeArgs node = NodeArgs.parse(args);
        final File base = node.dir().toFile();
        final String aeronDir = new File(base, "driver").getAbsolutePath();
        final CountDownLatch stopped = new CountDownLatch(1);

        final MediaDriver.Context driver = new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new SleepingMillisIdleStrategy(1))
            .termBufferSparseFile(true)
            .publicationTermBufferLength(64 * 1024)
            .ipcTermBufferLength(64 * 1024)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .terminationHook(stopped::countDown);
        final Archive.Context archive = new Archive.Context()
            .aeronDirectoryName(aeronDir)
            .archiveDir(new File(base, "archive"))
            .archiveId(node.id())
            .controlChannel("aeron:udp?endpoint=" + node.address() + ":" + ARCHIVE_PORT + "|" + TERM)
            .localControlChannel("aeron:ipc?" + TERM)
            .replicationChannel("aeron:udp?endpoint=" + node.address() + ":0")
            .recordingEventsEnabled(false)
            .deleteArchiveOnStart(true)
            .threadingMode(ArchiveThreadingMode.SHARED)
            .idleStrategySupplier(() -> new SleepingMillisIdleStrategy(1));
        final AeronArchive.Context archiveClient = new AeronArchive.Context()
            .lock(NoOpLock.INSTANCE)
            .controlRequestChannel(archive.localControlChannel())
            .controlRequestStreamId(archive.localControlStreamId())
            .controlResponseChannel(archive.localControlChannel())
            .aeronDirectoryName(aeronDir);
        final ConsensusModule.Context consensus = new ConsensusModule.Context()
            .clusterMemberId(node.id() - 1)
            .clusterMembers(members(node.addresses()))
            .clusterDir(new File(base, "consensus"))
            .deleteDirOnStart(true)
            .ingressChannel("aeron:udp?" + TERM)
            .logChannel("aeron:udp?" + TERM + "|control-mode=manual|control=" + node.address() + ":" + LOG_CONTROL_PORT)
            .replicationChannel("aeron:udp?endpoint=" + node.address() + ":0")
            .idleStrategySupplier(() -> new SleepingMillisIdleStrategy(1))
            .errorHandler(AeronClusterNode::printError)
            .terminationHook(stopped::countDown)
            .archiveContext(archiveClient.clone());
        final LeaderWrites service = new LeaderWrites();
        final ClusteredServiceContainer.Context container = new ClusteredServiceContainer.Context()
            .aeronDirectoryName(aeronDir)
            .archiveContext(archiveClient.clone())
            .clusterDir(new File(base, "service"))
            .idleStrategySupplier(() -> new SleepingMillisIdleStrategy(1))
            .errorHandler(AeronClusterNode::printError)
            .terminationHook(stopped::countDown)
            .clusteredService(service);

        try (ClusteredMediaDriver media = ClusteredMediaDriver.launch(driver, archive, consensus);
            ClusteredServiceContainer ignored = ClusteredServiceContainer.launch(container);
            Aeron reader = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir)))
        {
            final CountersReader counters = reader.countersReader();
            final int clusterId = consensus.clusterId();
            final int roleCounter = await(counters, ConsensusModule.Configuration.CLUSTER_NODE_ROLE_TYPE_ID, clusterId);
            final int electionCounter = await(counters, ConsensusModule.Configuration.ELECTION_STATE_TYPE_ID, clusterId);
            final StateReporter reporter = StateReporter.start(state ->
            {
                final Cluster.Role role = Cluster.Role.get(counters.getCounterValue(roleCounter));
                final boolean electing = ElectionState.CLOSED != ElectionState.get(counters.getCounterValue(electionCounter));
                final int leaderMemberId = service.leaderMemberId();
                state.term = service.leadershipTermId();
                if (electing || Cluster.Role.CANDIDATE == role)
                {
                    state.role = NodeRole.ELECTING;
                    state.leaderId = 0;
                }
                else if (Cluster.Role.LEADER == role)
                {
                    state.role = NodeRole.LEADER;
                    state.leaderId = node.id();
                }
                else
                {
                    state.role = NodeRole.FOLLOWER;
                    state.leaderId = leaderMemberId < 0 ? 0 : leaderMemberId + 1;
                }
            });
            service.reportTo(reporter);
            reporter.ready();
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
            stopped.await();
            reporter.stop();
        }
    }

    /** A node's errors go to its stderr, which the parent keeps beside its directory and shows on a failure. */
    private static void printError(final Throwable error)
    {
        error.printStackTrace(System.err);
    }

    /** @return Aeron's cluster members string: id, ingress, consensus, log, catch-up and archive endpoints, '|' between. */
    static String members(final List<String> addresses)
    {
        final StringBuilder members = new StringBuilder();
        for (int i = 0; i < addresses.size(); i++)
        {
            final String host = addresses.get(i);
            if (i > 0)
            {
                members.append('|');
            }
            members.append(i).append(',').append(host).append(':').append(INGRESS_PORT)
                .append(',').append(host).append(':').append(CONSENSUS_PORT)
                .append(',').append(host).append(':').append(LOG_PORT)
                .append(',').append(host).append(':').append(CATCHUP_PORT)
                .append(',').append(host).append(':').append(ARCHIVE_PORT);
        }
        return members.toString();
    }

    private static int await(final CountersReader counters, final int typeId, final int clusterId) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() - deadlineNs < 0)
        {
            final int counterId = ClusterCounters.find(counters, typeId, clusterId);
            if (CountersReader.NULL_COUNTER_ID != counterId)
            {
                return counterId;
            }
            Thread.sleep(5);
        }
        throw new IllegalStateException("the consensus module's counter of type " + typeId + " did not appear within 30 s");
    }
}
