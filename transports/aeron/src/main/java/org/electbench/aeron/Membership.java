package org.electbench.aeron;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Arrays;
import java.util.List;

/**
 * Who belongs to a cluster, as every receiver of its frames checks it: the host each node id is
 * listed at, the fingerprint of what the cluster runs, and the optional cluster key.
 * <ul>
 *   <li>A frame claiming node {@code k} is taken only from node {@code k}'s listed host, as Aeron's
 *       image names it (the address the sender's session was set up from; the port is ephemeral).
 *       On one host every process can send from any loopback address, so a loopback source
 *       matches any loopback listed host: the check keeps other hosts out, the key tells local
 *       processes apart.</li>
 *   <li>A frame with another fingerprint comes from a node started with another algorithm,
 *       other settings or another membership.</li>
 *   <li>With a key, every frame carries a {@link FrameMac} tag, and one without the key's tag is refused.</li>
 * </ul>
 * Immutable and shared; each receiving thread checks through its own {@link FrameTrust}.
 */
public final class Membership
{
    private static final Membership OPEN = new Membership(null, 0, null);

    private final InetAddress[] hostById;
    private final long fingerprint;
    private final byte[] key;

    private Membership(final InetAddress[] hostById, final long fingerprint, final byte[] key)
    {
        this.hostById = hostById;
        this.fingerprint = fingerprint;
        this.key = key;
    }

    /** @return no address check, fingerprint 0, no key: nodes of one process, whose frames never cross a network. */
    public static Membership open()
    {
        return OPEN;
    }

    /**
     * @param hosts       node {@code id}'s listed host at index {@code id - 1}, resolved.
     * @param fingerprint of the cluster's algorithm, settings and membership.
     * @param key         the cluster key, or null for none.
     */
    public static Membership of(final List<InetAddress> hosts, final long fingerprint, final byte[] key)
    {
        final InetAddress[] byId = new InetAddress[hosts.size() + 1];
        for (int i = 0; i < hosts.size(); i++)
        {
            byId[i + 1] = hosts.get(i);
        }
        return new Membership(byId, fingerprint, null == key ? null : Arrays.copyOf(key, key.length));
    }

    /** @return whether a frame claiming {@code senderId} may come from {@code source} (null: unknown, never). */
    public boolean admits(final int senderId, final InetAddress source)
    {
        if (null == hostById)
        {
            return true;
        }
        if (null == source || senderId < 1 || senderId >= hostById.length)
        {
            return false;
        }
        final InetAddress listed = hostById[senderId];
        return listed.equals(source) || (listed.isLoopbackAddress() && source.isLoopbackAddress());
    }

    /** @return whether this is {@link #open()}: nodes of one process, no check beyond the frame's shape. */
    public boolean isOpen()
    {
        return null == hostById;
    }

    /** @return whether any node may send from {@code source}: what a new session must pass before the driver maps its image. */
    public boolean admitsAny(final InetAddress source)
    {
        if (null == hostById)
        {
            return true;
        }
        for (int id = 1; id < hostById.length; id++)
        {
            if (admits(id, source))
            {
                return true;
            }
        }
        return false;
    }

    /** @return node {@code id}'s listed host, or null when this membership checks no addresses. */
    public InetAddress host(final int id)
    {
        return null == hostById ? null : hostById[id];
    }

    public long fingerprint()
    {
        return fingerprint;
    }

    public boolean keyed()
    {
        return null != key;
    }

    /** @return a new MAC under the key, one per thread. */
    public FrameMac newMac()
    {
        if (null == key)
        {
            throw new IllegalStateException("this cluster has no key");
        }
        return new FrameMac(key);
    }

    /**
     * A publication of node {@code selfId} sends from its listed host, so receivers can check it:
     * Aeron's {@code interface} parameter binds the sending socket to that address. It is added only
     * when the host is an address of one of this machine's interfaces (Aeron looks the interface
     * up); a loopback host that is no interface's address (127.0.0.2) needs no binding, as loopback
     * sources match each other.
     *
     * @return {@code channel}, bound to the node's host where that is possible.
     */
    public String sendChannel(final String channel, final int selfId)
    {
        final InetAddress host = host(selfId);
        if (null == host || host.isAnyLocalAddress() || channel.contains("interface="))
        {
            return channel;
        }
        try
        {
            if (null == NetworkInterface.getByInetAddress(host))
            {
                return channel;
            }
        }
        catch (final SocketException ex)
        {
            return channel;
        }
        final String literal = host.getHostAddress();
        final int scope = literal.indexOf('%');
        final String address = scope < 0 ? literal : literal.substring(0, scope);
        return channel + "|interface=" + (address.indexOf(':') >= 0 ? "[" + address + "]" : address);
    }
}
