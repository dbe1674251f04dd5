package org.electbench.reference.aeron;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.electbench.reference.StateReporter;

/**
 * The clustered service: a timer every {@link #WRITE_INTERVAL_MS} ms from each new leadership term on, which only the leader fires
 * and appends to the log, so each one this service sees is a write the cluster committed. The
 * leader's service reports each as a write committed in its leadership term, which is how two
 * leaders serving writes would show; it also keeps the leader member of the latest committed term.
 */
final class LeaderWrites implements ClusteredService
{
    static final long WRITE_INTERVAL_MS = 20;
    private static final long TIMER_ID = 1;

    private Cluster cluster;
    private volatile StateReporter reporter;
    private volatile int leaderMemberId = -1;
    private volatile long leadershipTermId = -1;

    void reportTo(final StateReporter reporter)
    {
        this.reporter = reporter;
    }

    int leaderMemberId()
    {
        return leaderMemberId;
    }

    long leadershipTermId()
    {
        return leadershipTermId;
    }

    @Override
    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        this.cluster = cluster;
    }

    @Override
    public void onTimerEvent(final long correlationId, final long timestamp)
    {
        final StateReporter out = reporter;
        if (null != out && Cluster.Role.LEADER == cluster.role())
        {
            out.committed(leadershipTermId);
        }
        cluster.scheduleTimer(TIMER_ID, timestamp + WRITE_INTERVAL_MS);
    }

    @Override
    public void onNewLeadershipTermEvent(final long leadershipTermId, final long logPosition, final long timestamp,
        final long termBaseLogPosition, final int leaderMemberId, final int logSessionId,
        final java.util.concurrent.TimeUnit timeUnit, final int appVersion)
    {
        this.leaderMemberId = leaderMemberId;
        this.leadershipTermId = leadershipTermId;
        // Timers may be set only while the log is processed; the same id replaces the one pending.
        cluster.scheduleTimer(TIMER_ID, timestamp + WRITE_INTERVAL_MS);
    }

    @Override
    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
    }

    @Override
    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
    {
    }

    @Override
    public void onSessionMessage(final ClientSession session, final long timestamp, final DirectBuffer buffer, final int offset,
        final int length, final Header header)
    {
    }

    @Override
    public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
    {
    }

    @Override
    public void onRoleChange(final Cluster.Role newRole)
    {
    }

    @Override
    public void onTerminate(final Cluster cluster)
    {
    }
}
