package org.electbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;

import org.electbench.spi.AlgorithmRegistry;
import org.junit.jupiter.api.Test;

class StartupCheckTest
{
    private static ClusterFile cluster(final String nodeOne)
    {
        return ClusterFile.parse(String.join("\n",
            "cluster-id 7",
            "algorithm ping",
            "node 1 " + nodeOne,
            "node 2 127.0.0.1:9"), "c.txt", new AlgorithmRegistry(StartupCheckTest.class.getClassLoader()));
    }

    @Test
    void aFreeLoopbackPortCanStart() throws Exception
    {
        final int port;
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)))
        {
            port = socket.getLocalPort();
        }
        assertNull(StartupCheck.problem(cluster("127.0.0.1:" + port), 1));
    }

    @Test
    void aPortInUseIsNamedInOneLine() throws Exception
    {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)))
        {
            final int port = socket.getLocalPort();
            assertEquals("node 1's UDP port " + port + " on 127.0.0.1 is in use (another node or program holds it): " +
                "stop it or change the port in c.txt", StartupCheck.problem(cluster("127.0.0.1:" + port), 1));
        }
    }

    @Test
    void anUnresolvableHostIsNamed()
    {
        assertEquals("c.txt: node 1's host 'no-such-host.invalid' does not resolve",
            StartupCheck.problem(cluster("no-such-host.invalid:4000"), 1));
    }

    @Test
    void aNodeAtAnotherHostsAddressIsRefused()
    {
        // 192.0.2.0/24 is reserved for documentation: never an address of this host.
        assertEquals("c.txt puts node 1 at 192.0.2.10:4000, which is not an address of this host: run node 1 on " +
                "192.0.2.10, or give --id of a node listed at an address of this host",
            StartupCheck.problem(cluster("192.0.2.10:4000"), 1));
    }
}
