package org.electbench.aeron;

import java.net.InetAddress;
import java.net.UnknownHostException;

import io.aeron.Image;
import io.aeron.logbuffer.Header;
import org.agrona.collections.Int2ObjectHashMap;

/**
 * Where each image's frames come from: the host of Aeron's {@link Image#sourceIdentity()} (the
 * address the publisher's session was set up from, with an ephemeral port), parsed once per image
 * and then looked up by session without allocating. Single-threaded: the poller's.
 */
public final class SourceAddresses
{
    /** Sessions remembered before the table is cleared and refilled; bounds what a flood of sessions costs. */
    private static final int MAX_SESSIONS = 1024;

    private final Int2ObjectHashMap<Source> bySession = new Int2ObjectHashMap<>();

    /** @return the source of the frame's image, or null when Aeron does not name one that parses. */
    public InetAddress of(final Header header)
    {
        final Object context = header.context();
        if (!(context instanceof Image))
        {
            return null;
        }
        final Image image = (Image)context;
        final Source known = bySession.get(header.sessionId());
        if (null != known && known.image == image)
        {
            return known.address;
        }
        if (bySession.size() >= MAX_SESSIONS)
        {
            bySession.clear();
        }
        final Source source = new Source(image, parse(image.sourceIdentity()));
        bySession.put(header.sessionId(), source);
        return source.address;
    }

    /** @return the host of {@code host:port} or {@code [v6]:port}, numeric only (never a name lookup), or null. */
    static InetAddress parse(final String identity)
    {
        if (null == identity)
        {
            return null;
        }
        final int colon = identity.lastIndexOf(':');
        String host = colon > 0 ? identity.substring(0, colon) : identity;
        if (host.startsWith("[") && host.endsWith("]"))
        {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty() || !(host.indexOf(':') >= 0 || host.chars().allMatch(c -> '.' == c || (c >= '0' && c <= '9'))))
        {
            return null;
        }
        try
        {
            return InetAddress.getByName(host);
        }
        catch (final UnknownHostException ex)
        {
            return null;
        }
    }

    private record Source(Image image, InetAddress address)
    {
    }
}
