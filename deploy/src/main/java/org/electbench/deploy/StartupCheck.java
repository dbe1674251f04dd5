package org.electbench.deploy;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * What a node process checks before it launches a media driver, so the usual mistakes end in
 * one line that names the cause rather than in an Aeron stack trace from the driver's thread:
 * a host in the cluster file that does not resolve, a node entry that is not an address of this
 * machine, a port another process holds.
 */
public final class StartupCheck
{
    private StartupCheck()
    {
    }

    /**
     * @param cluster the cluster file.
     * @param nodeId  the node this process is to run, 1..N.
     * @return null when the node can start here, else a one-line reason.
     */
    public static String problem(final ClusterFile cluster, final int nodeId)
    {
        final InetSocketAddress endpoint = cluster.node(nodeId);
        final String where = ClusterFile.format(endpoint);
        final InetAddress address;
        try
        {
            address = InetAddress.getByName(endpoint.getHostString());
        }
        catch (final UnknownHostException ex)
        {
            return cluster.source() + ": node " + nodeId + "'s host '" + endpoint.getHostString() + "' does not resolve";
        }
        if (!isLocal(address))
        {
            return cluster.source() + " puts node " + nodeId + " at " + where + ", which is not an address of this host: " +
                "run node " + nodeId + " on " + endpoint.getHostString() + ", or give --id of a node listed at an address of this host";
        }
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(address, endpoint.getPort())))
        {
            probe.setReuseAddress(false);
        }
        catch (final BindException ex)
        {
            return "node " + nodeId + "'s UDP port " + endpoint.getPort() + " on " + address.getHostAddress() +
                " is in use (another node or program holds it): stop it or change the port in " + cluster.source();
        }
        catch (final IOException ex)
        {
            return "node " + nodeId + " cannot bind UDP " + where + ": " + ex.getMessage();
        }
        return null;
    }

    private static boolean isLocal(final InetAddress address)
    {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress())
        {
            return true;
        }
        try
        {
            return null != NetworkInterface.getByInetAddress(address);
        }
        catch (final SocketException ex)
        {
            return false;
        }
    }
}
