package org.electbench.deploy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

import org.electbench.aeron.ChannelPlan;

/**
 * The {@code node} lines of a cluster file and their checks: each id once, ids 1..N with none
 * missing, at least two nodes, and every node and the observer on its own socket, also where two
 * names resolve to one host. An endpoint is {@code HOST:PORT}, an IPv6 host in brackets.
 */
final class ClusterNodes
{
    /** Names a problem at a line of the file (0 for the file as a whole). */
    @FunctionalInterface
    interface Errors
    {
        IllegalArgumentException at(int line, String problem);
    }

    private final Errors errors;
    private final List<InetSocketAddress> endpointById = new ArrayList<>();
    private final List<Integer> lineById = new ArrayList<>();

    ClusterNodes(final Errors errors)
    {
        this.errors = errors;
    }

    /** Adds node {@code id}, listed as {@code written} on {@code line}. */
    void add(final int id, final InetSocketAddress endpoint, final String written, final int line)
    {
        while (endpointById.size() < id)
        {
            endpointById.add(null);
            lineById.add(0);
        }
        if (null != endpointById.get(id - 1))
        {
            throw errors.at(line, "node " + id + " is given twice (first on line " + lineById.get(id - 1) + ")");
        }
        for (int other = 0; other < endpointById.size(); other++)
        {
            if (endpoint.equals(endpointById.get(other)))
            {
                throw errors.at(line, "node " + id + " has the endpoint " + written + " of node " + (other + 1) +
                    " (line " + lineById.get(other) + "); every node needs its own");
            }
        }
        endpointById.set(id - 1, endpoint);
        lineById.set(id - 1, line);
    }

    /**
     * @param observer     the observer's endpoint, or null.
     * @param observerLine the line that names it.
     * @return every node's endpoint, indexed by id - 1.
     */
    List<InetSocketAddress> check(final InetSocketAddress observer, final int observerLine)
    {
        if (endpointById.size() < 2)
        {
            throw errors.at(0, "a cluster needs at least 2 'node ID HOST:PORT' lines, found " + endpointById.size());
        }
        for (int i = 0; i < endpointById.size(); i++)
        {
            if (null == endpointById.get(i))
            {
                throw errors.at(0, "node ids must be 1.." + endpointById.size() + " with none missing; node " + (i + 1) +
                    " is missing");
            }
            if (sameEndpoint(endpointById.get(i), observer))
            {
                throw errors.at(0, "node " + (i + 1) + " and the observer (line " + observerLine +
                    ") share the endpoint " + ChannelPlan.format(observer) + "; the observer needs its own");
            }
            for (int other = 0; other < i; other++)
            {
                if (sameEndpoint(endpointById.get(i), endpointById.get(other)))
                {
                    throw errors.at(lineById.get(i), "node " + (i + 1) + "'s endpoint " + ChannelPlan.format(endpointById.get(i)) +
                        " is node " + (other + 1) + "'s " + ChannelPlan.format(endpointById.get(other)) + " (line " +
                        lineById.get(other) + ") under another name; every node needs its own");
                }
            }
        }
        return List.copyOf(endpointById);
    }

    /**
     * @return the endpoint {@code HOST:PORT}, unresolved.
     * @throws IllegalArgumentException naming what is wrong and what is accepted.
     */
    static InetSocketAddress endpoint(final String value)
    {
        final int colon = value.lastIndexOf(':');
        final String accepted = "; accepted: HOST:PORT with a port in 1..65535, e.g. 127.0.0.1:40201 or [::1]:40201";
        if (colon <= 0 || colon == value.length() - 1)
        {
            throw new IllegalArgumentException("'" + value + "' is not an endpoint" + accepted);
        }
        String host = value.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]"))
        {
            host = host.substring(1, host.length() - 1);
        }
        else if (host.indexOf(':') >= 0)
        {
            throw new IllegalArgumentException("'" + value + "' is not an endpoint: put an IPv6 host in brackets" + accepted);
        }
        final int port;
        try
        {
            port = Integer.parseInt(value.substring(colon + 1));
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + value + "' has no port number" + accepted);
        }
        if (host.isEmpty() || port < 1 || port > 0xFFFF)
        {
            throw new IllegalArgumentException("'" + value + "' is not an endpoint" + accepted);
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    /** @return the endpoint's host as an address, or null when it does not resolve. */
    static InetAddress resolve(final InetSocketAddress endpoint)
    {
        if (!endpoint.isUnresolved())
        {
            return endpoint.getAddress();
        }
        try
        {
            return InetAddress.getByName(endpoint.getHostString());
        }
        catch (final UnknownHostException ex)
        {
            return null;
        }
    }

    /**
     * @return whether two endpoints are one socket: the same port and host, as written or once
     * resolved, or the same port where one host is a wildcard (0.0.0.0, ::), which listens on every
     * address of its host, so a node there would take, or send itself, what is meant for the other.
     */
    private static boolean sameEndpoint(final InetSocketAddress a, final InetSocketAddress b)
    {
        if (null == a || null == b || a.getPort() != b.getPort())
        {
            return false;
        }
        if (a.getHostString().equalsIgnoreCase(b.getHostString()))
        {
            return true;
        }
        final InetAddress hostA = resolve(a);
        final InetAddress hostB = resolve(b);
        return null != hostA && (hostA.equals(hostB) || hostA.isAnyLocalAddress() ||
            (null != hostB && hostB.isAnyLocalAddress()));
    }
}
