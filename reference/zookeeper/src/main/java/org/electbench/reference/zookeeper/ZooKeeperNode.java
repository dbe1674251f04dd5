package org.electbench.reference.zookeeper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import org.apache.zookeeper.server.admin.AdminServer;
import org.apache.zookeeper.server.quorum.QuorumPeer;
import org.apache.zookeeper.server.quorum.QuorumPeerConfig;
import org.apache.zookeeper.server.quorum.QuorumPeerMain;
import org.electbench.reference.NodeArgs;
import org.electbench.reference.NodeRole;
import org.electbench.reference.StateReporter;

/**
 * One ZooKeeper server of an ensemble as a process, configured from the settings' zoo.cfg keys
 * (system-property keys, {@code zookeeper.*}, arrive as system properties): server i at node i's
 * address, the default ports in every namespace. Who leads comes from the peer's own state, as
 * {@code srvr} reports it: LEADING or FOLLOWING counts only once the peer serves (its
 * {@code ZooKeeperServer} is running, after the leader has synced a quorum), and the leader
 * named is the peer's current vote. A {@link Writer} commits a write every few milliseconds
 * through the local server and reports those the peer committed while leading, with the epoch of
 * the write's zxid.
 */
public final class ZooKeeperNode
{
    static final int CLIENT_PORT = 2181;
    static final int QUORUM_PORT = 2888;
    static final int ELECTION_PORT = 3888;

    private ZooKeeperNode()
    {
    }

    /** {@link QuorumPeerMain} with its peer in reach. */
    private static final class Main extends QuorumPeerMain
    {
        private volatile QuorumPeer peer;

        @Override
        protected QuorumPeer getQuorumPeer() throws javax.security.sasl.SaslException
        {
            final QuorumPeer created = super.getQuorumPeer();
            peer = created;
            return created;
        }
    }

    public static void main(final String[] args) throws Exception
    {
        final NodeArgs node = NodeArgs.parse(args);
        final Path data = node.dir().resolve("data");
        Files.createDirectories(data);
        Files.writeString(data.resolve("myid"), node.id() + "\n", StandardCharsets.US_ASCII);
        final QuorumPeerConfig config = new QuorumPeerConfig();
        config.parseProperties(properties(node, data));

        final Main main = new Main();
        final Thread server = new Thread(() ->
        {
            try
            {
                main.runFromConfig(config);
            }
            catch (final IOException | AdminServer.AdminServerException | RuntimeException | Error ex)
            {
                ex.printStackTrace();
            }
            // The server is gone: so is the node, which the parent sees.
            Runtime.getRuntime().halt(1);
        }, "quorum-peer-main");
        server.setDaemon(true);
        server.start();
        while (null == main.peer)
        {
            Thread.sleep(5);
        }
        final QuorumPeer peer = main.peer;
        final StateReporter reporter = StateReporter.start(state ->
        {
            final QuorumPeer.ServerState peerState = peer.getPeerState();
            final boolean serving = null != peer.getActiveServer() && peer.getActiveServer().isRunning();
            state.term = epoch(peer);
            if (serving && QuorumPeer.ServerState.LEADING == peerState)
            {
                state.role = NodeRole.LEADER;
                state.leaderId = node.id();
            }
            else if (serving && QuorumPeer.ServerState.FOLLOWING == peerState)
            {
                state.role = NodeRole.FOLLOWER;
                state.leaderId = (int)peer.getCurrentVote().getId();
            }
            else
            {
                state.role = NodeRole.ELECTING;
                state.leaderId = 0;
            }
        });
        final Writer writer = new Writer("127.0.0.1:" + CLIENT_PORT, peer, reporter);
        reporter.ready();
        writer.run();
    }

    private static long epoch(final QuorumPeer peer)
    {
        try
        {
            return peer.getCurrentEpoch();
        }
        catch (final IOException ex)
        {
            return -1;
        }
    }

    private static Properties properties(final NodeArgs node, final Path data)
    {
        final Properties properties = new Properties();
        properties.setProperty("dataDir", data.toString());
        properties.setProperty("clientPort", String.valueOf(CLIENT_PORT));
        properties.setProperty("clientPortAddress", "0.0.0.0");
        properties.setProperty("admin.enableServer", "false");
        properties.setProperty("standaloneEnabled", "false");
        properties.setProperty("maxSessionTimeout", "60000");
        for (int id = 1; id <= node.nodes(); id++)
        {
            properties.setProperty("server." + id,
                node.addresses().get(id - 1) + ":" + QUORUM_PORT + ":" + ELECTION_PORT);
        }
        for (final Map.Entry<String, String> setting : node.settings().entrySet())
        {
            if (!setting.getKey().startsWith("zookeeper."))
            {
                properties.setProperty(setting.getKey(), setting.getValue());
            }
        }
        return properties;
    }
}
