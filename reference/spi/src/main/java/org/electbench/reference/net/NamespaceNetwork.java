package org.electbench.reference.net;

import static org.electbench.reference.net.IpCommand.ip;
import static org.electbench.reference.net.IpCommand.run;

import java.util.ArrayList;
import java.util.List;

/**
 * A bridge in this namespace and network namespaces hanging off it by veth pairs, as the
 * cluster-across-hosts tests make them; closing deletes them all. Needs root or CAP_NET_ADMIN.
 */
public final class NamespaceNetwork implements AutoCloseable
{
    private final String bridge;
    private final List<String> namespaces = new ArrayList<>();
    private final List<String> outsides = new ArrayList<>();
    private boolean bridgeMade;

    /** @return null when this process may make network namespaces, else why not (for the test's skip message). */
    public static String unavailable(final String probeName)
    {
        final String refusal = ip("netns", "add", probeName);
        if (null != refusal)
        {
            return "network namespaces are not permitted here (needs root or CAP_NET_ADMIN): " + refusal;
        }
        ip("netns", "del", probeName);
        return null;
    }

    /**
     * @param bridge  the bridge's name (15 characters at most).
     * @param address its address in this namespace, with prefix length, such as {@code 10.1.2.254/24}.
     */
    public NamespaceNetwork(final String bridge, final String address)
    {
        this.bridge = bridge;
        run("link", "add", bridge, "type", "bridge");
        bridgeMade = true;
        run("addr", "add", address, "dev", bridge);
        run("link", "set", bridge, "up");
    }

    /**
     * Makes namespace {@code name} with a veth pair, {@code outside} on the bridge and {@code inside} in the
     * namespace at {@code address} (with prefix length), and its loopback up.
     */
    public void add(final String name, final String outside, final String inside, final String address)
    {
        run("netns", "add", name);
        namespaces.add(name);
        run("link", "add", outside, "type", "veth", "peer", "name", inside);
        outsides.add(outside);
        run("link", "set", inside, "netns", name);
        run("link", "set", outside, "master", bridge);
        run("link", "set", outside, "up");
        run("-n", name, "addr", "add", address, "dev", inside);
        run("-n", name, "link", "set", inside, "up");
        run("-n", name, "link", "set", "lo", "up");
    }

    /**
     * Deletes the veth pairs from the bridge's side first: a deleted namespace takes its veth ends and their peers
     * with it only when the kernel gets round to cleaning it up, and on a busy host that came after the next
     * cluster of the same process had asked for the same names.
     */
    @Override
    public void close()
    {
        for (final String outside : outsides)
        {
            ip("link", "del", outside);
        }
        outsides.clear();
        for (final String namespace : namespaces)
        {
            ip("netns", "del", namespace);
        }
        if (bridgeMade)
        {
            ip("link", "del", bridge);
            bridgeMade = false;
        }
    }
}
