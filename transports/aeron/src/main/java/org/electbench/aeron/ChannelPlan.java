package org.electbench.aeron;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where each node of a cluster listens. Node {@code id} subscribes on {@link #channel(int)} and
 * {@link #streamId(int)}; every peer publishes to that same pair. Over UDP each node has its own
 * endpoint and all share one stream id; over {@code aeron:ipc} all share the channel and the
 * stream id tells nodes apart.
 */
public final class ChannelPlan
{
    /** The stream every node listens on over UDP. */
    public static final int DEFAULT_UDP_STREAM_ID = 1001;
    /** Over IPC node {@code id} listens on stream {@code DEFAULT_IPC_BASE_STREAM_ID + id}. */
    public static final int DEFAULT_IPC_BASE_STREAM_ID = 2000;
    public static final String LOOPBACK_HOST = "127.0.0.1";

    private final String[] channels;
    private final int[] streamIds;
    private final boolean ipc;

    private ChannelPlan(final String[] channels, final int[] streamIds, final boolean ipc)
    {
        this.channels = channels;
        this.streamIds = streamIds;
        this.ipc = ipc;
    }

    /** @return {@code host:port}, an IPv6 host in brackets, as an Aeron endpoint and a cluster file write it. */
    public static String format(final InetSocketAddress endpoint)
    {
        final String host = endpoint.getHostString();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + endpoint.getPort();
    }

    /**
     * @param endpoints one per node: element 0 is node 1's.
     * @param streamId  the stream every node listens on.
     */
    public static ChannelPlan udp(final List<InetSocketAddress> endpoints, final int streamId)
    {
        if (endpoints.isEmpty())
        {
            throw new IllegalArgumentException("a cluster needs at least one endpoint");
        }
        final String[] channels = new String[endpoints.size()];
        for (int i = 0; i < channels.length; i++)
        {
            final InetSocketAddress endpoint = endpoints.get(i);
            if (endpoint.getPort() < 1 || endpoint.getPort() > 0xFFFF)
            {
                throw new IllegalArgumentException("node " + (i + 1) + " needs a port in 1..65535, was " + endpoint);
            }
            final String host = endpoint.getHostString();
            final String hostPart = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
            channels[i] = "aeron:udp?endpoint=" + hostPart + ":" + endpoint.getPort();
            for (int j = 0; j < i; j++)
            {
                if (channels[j].equals(channels[i]))
                {
                    throw new IllegalArgumentException(
                        "nodes " + (j + 1) + " and " + (i + 1) + " share the endpoint " + endpoint);
                }
            }
        }
        final int[] streamIds = new int[channels.length];
        Arrays.fill(streamIds, streamId);
        return new ChannelPlan(channels, streamIds, false);
    }

    /** @return N nodes on loopback UDP, each on a port that was free a moment ago. */
    public static ChannelPlan udpLoopback(final int clusterSize)
    {
        checkClusterSize(clusterSize);
        final List<InetSocketAddress> endpoints = new ArrayList<>(clusterSize);
        for (final int port : freeUdpPorts(LOOPBACK_HOST, clusterSize))
        {
            endpoints.add(new InetSocketAddress(LOOPBACK_HOST, port));
        }
        return udp(endpoints, DEFAULT_UDP_STREAM_ID);
    }

    /** @return N nodes on {@code aeron:ipc}, node {@code id} on stream {@code baseStreamId + id}. */
    public static ChannelPlan ipc(final int clusterSize, final int baseStreamId)
    {
        checkClusterSize(clusterSize);
        final String[] channels = new String[clusterSize];
        final int[] streamIds = new int[clusterSize];
        Arrays.fill(channels, "aeron:ipc");
        for (int i = 0; i < clusterSize; i++)
        {
            streamIds[i] = baseStreamId + i + 1;
        }
        return new ChannelPlan(channels, streamIds, true);
    }

    public static ChannelPlan ipc(final int clusterSize)
    {
        return ipc(clusterSize, DEFAULT_IPC_BASE_STREAM_ID);
    }

    /**
     * Finds ports by binding sockets to port 0 and closing them. All sockets stay bound until
     * every port is known, so one call never returns the same port twice; another process may
     * still take one before the driver binds it.
     */
    public static int[] freeUdpPorts(final String host, final int count)
    {
        final DatagramSocket[] sockets = new DatagramSocket[count];
        final int[] ports = new int[count];
        try
        {
            final InetAddress address = InetAddress.getByName(host);
            for (int i = 0; i < count; i++)
            {
                sockets[i] = new DatagramSocket(new InetSocketAddress(address, 0));
                ports[i] = sockets[i].getLocalPort();
            }
            return ports;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("no free UDP port on " + host, ex);
        }
        finally
        {
            for (final DatagramSocket socket : sockets)
            {
                if (null != socket)
                {
                    socket.close();
                }
            }
        }
    }

    private static void checkClusterSize(final int clusterSize)
    {
        if (clusterSize < 1)
        {
            throw new IllegalArgumentException("clusterSize must be at least 1, was " + clusterSize);
        }
    }

    public int clusterSize()
    {
        return channels.length;
    }

    public boolean isIpc()
    {
        return ipc;
    }

    /** @return the channel node {@code nodeId} (1..N) listens on and its peers publish to. */
    public String channel(final int nodeId)
    {
        return channels[index(nodeId)];
    }

    /** @return the stream node {@code nodeId} (1..N) listens on and its peers publish to. */
    public int streamId(final int nodeId)
    {
        return streamIds[index(nodeId)];
    }

    private int index(final int nodeId)
    {
        if (nodeId < 1 || nodeId > channels.length)
        {
            throw new IllegalArgumentException("node id must be in 1.." + channels.length + ", was " + nodeId);
        }
        return nodeId - 1;
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder(ipc ? "ipc" : "udp").append('[');
        for (int i = 0; i < channels.length; i++)
        {
            text.append(i == 0 ? "" : ", ").append(i + 1).append('=').append(channels[i]).append('/').append(streamIds[i]);
        }
        return text.append(']').toString();
    }
}
