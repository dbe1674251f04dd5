package org.electbench.reference.zookeeper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.apache.zookeeper.server.quorum.QuorumPeer;
import org.electbench.reference.StateReporter;

/**
 * Writes a znode every {@link #WRITE_INTERVAL_MS} ms through the local server; a write
 * acknowledged while this peer leads was committed by this peer's quorum, and is reported with its
 * zxid's epoch, the leader's term. A session lost to an election is opened again.
 */
final class Writer implements AsyncCallback.StatCallback
{
    static final long WRITE_INTERVAL_MS = 20;
    private static final int SESSION_TIMEOUT_MS = 30_000;
    private static final String PATH = "/electbench";

    private final String connect;
    private final QuorumPeer peer;
    private final StateReporter reporter;
    private final byte[] value = "w".getBytes(StandardCharsets.US_ASCII);
    private boolean created;

    Writer(final String connect, final QuorumPeer peer, final StateReporter reporter)
    {
        this.connect = connect;
        this.peer = peer;
        this.reporter = reporter;
    }

    void run() throws InterruptedException
    {
        while (true)
        {
            final ZooKeeper client;
            try
            {
                client = new ZooKeeper(connect, SESSION_TIMEOUT_MS, event -> { });
            }
            catch (final IOException ex)
            {
                TimeUnit.MILLISECONDS.sleep(WRITE_INTERVAL_MS);
                continue;
            }
            try
            {
                while (client.getState().isAlive())
                {
                    if (client.getState().isConnected())
                    {
                        ensureNode(client);
                        client.setData(PATH, value, -1, this, null);
                    }
                    TimeUnit.MILLISECONDS.sleep(WRITE_INTERVAL_MS);
                }
            }
            finally
            {
                client.close();
            }
        }
    }

    private void ensureNode(final ZooKeeper client) throws InterruptedException
    {
        if (created)
        {
            return;
        }
        try
        {
            client.create(PATH, value, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            created = true;
        }
        catch (final KeeperException.NodeExistsException ex)
        {
            created = true;
        }
        catch (final KeeperException ex)
        {
            // Not serving yet: the next round tries again.
        }
    }

    @Override
    public void processResult(final int rc, final String path, final Object ctx, final Stat stat)
    {
        if (KeeperException.Code.OK.intValue() == rc && QuorumPeer.ServerState.LEADING == peer.getPeerState())
        {
            reporter.committed(stat.getMzxid() >>> 32);
        }
    }
}
