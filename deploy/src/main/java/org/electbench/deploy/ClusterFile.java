package org.electbench.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

import org.electbench.aeron.ChannelPlan;
import org.electbench.aeron.FrameMac;
import org.electbench.aeron.Membership;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.InputFiles;
import org.electbench.transport.parameters.RunParameter;

/**
 * A cluster spread over processes or hosts, described in a small line-based text file that every
 * node and the observer read. One setting per line, a key then its value; {@code #} starts a
 * comment; blank lines are ignored; each key but {@code node} appears at most once.
 * <pre>
 * # three bully nodes on one host, and an observer
 * cluster-id          7
 * algorithm           bully
 * heartbeat           50ms
 * detection-timeout   150ms
 * election-timeout    10ms
 * coordinator-timeout 30ms
 * recovery            bully
 * observer            127.0.0.1:40200
 * node 1              127.0.0.1:40201
 * node 2              127.0.0.1:40202
 * node 3              127.0.0.1:40203
 * </pre>
 * Keys:
 * <ul>
 *   <li>{@code algorithm NAME} (required): a registered algorithm, e.g. bully, quorum;</li>
 *   <li>{@code node ID HOST:PORT} (required, one per node): ids are 1..N, each once; the UDP
 *       endpoint that node listens on (an IPv6 host goes in brackets, {@code [::1]:40201});</li>
 *   <li>{@code observer HOST:PORT}: where nodes send their status frames and
 *       {@code electbench observe} listens; without it nodes report to nobody;</li>
 *   <li>{@code cluster-id INT} (default 1): a label carried by every frame so that clusters sharing
 *       ports do not mix by mistake; not a secret and no protection;</li>
 *   <li>{@code key FILE}: the cluster key, a file of at least {@value FrameMac#MIN_KEY_LENGTH} bytes
 *       (relative to the cluster file's folder); with it every frame and status report carries a MAC
 *       under the key, and frames without it are refused;</li>
 *   <li>{@code heartbeat}, {@code detection-timeout}, {@code election-timeout},
 *       {@code coordinator-timeout}: durations such as {@code 150ms}, {@code 2.5s}, {@code 40us},
 *       as the run parameters of the same names ({@link RunParameters}) read them, defaults included;</li>
 *   <li>every option a registered algorithm declares ({@link ElectionAlgorithm#options()}), by
 *       its name, with the values it accepts: {@code recovery bully|defer}, {@code ack on|off}
 *       (also spelled {@code acknowledgements}), {@code arrangement increasing|decreasing|random},
 *       and whatever a plug-in adds; {@link #keys(AlgorithmRegistry)} lists them all;</li>
 *   <li>{@code arrangement-seed INT}: the seed a random ring arrangement is drawn from;</li>
 *   <li>{@code stream-id INT} (default {@value ChannelPlan#DEFAULT_UDP_STREAM_ID}): the Aeron stream every endpoint uses;</li>
 *   <li>{@code connect-timeout DURATION} (default 1s): how long a starting node waits for its
 *       peers and the observer to connect before it starts anyway (peers that are down never connect);</li>
 *   <li>{@code seed INT} (default 1): node {@code id} draws its random numbers from {@code seed} and its id.</li>
 * </ul>
 * Every mistake is an {@link IllegalArgumentException} naming the file, the line, the problem
 * and what is accepted; what the file said is echoed with control and direction characters
 * escaped. A UTF-8 byte order mark is ignored; numbers are ASCII digits only.
 * <p>
 * The {@link #fingerprint()} sums up what every node must agree on (algorithm, settings,
 * membership, cluster id, stream, seed, whether there is a key); every frame carries it, so a
 * node started from another file is refused by its peers and refuses them.
 */
public final class ClusterFile
{
    public static final long DEFAULT_CONNECT_TIMEOUT_NS = ClusterFileParser.DEFAULT_CONNECT_TIMEOUT_NS;
    /** A key is tens of random bytes; a file past this is no key, and is not read further. */
    public static final int MAX_KEY_BYTES = ClusterKey.MAX_KEY_BYTES;
    /** A cluster file is lines of text, one per node: kilobytes for the largest cluster allowed. */
    public static final int MAX_FILE_BYTES = 1 << 20;

    /** The most nodes a cluster file lists; see {@code ClusterFileParser.MAX_NODES} for why. */
    public static final int MAX_NODES = ClusterFileParser.MAX_NODES;
    /**
     * The keys of the file itself, in the order the documentation lists them: its own, with the
     * run parameters every node reads ({@link RunParameter#clusterFileKey()}, the timing knobs)
     * among them; algorithms' options come on top.
     */
    public static final List<String> KEYS = ClusterFileParser.KEYS;

    private final String source;
    private final int clusterId;
    private final ElectionAlgorithm algorithm;
    private final ElectionSettings settings;
    private final List<InetSocketAddress> nodeEndpoints;
    private final InetSocketAddress observer;
    private final int streamId;
    private final long connectTimeoutNs;
    private final long seed;
    private final byte[] key;
    private final long fingerprint;

    private ClusterFile(final ClusterFileParser parser)
    {
        key = parser.key;
        source = parser.source;
        clusterId = parser.clusterId;
        algorithm = parser.algorithm;
        settings = parser.settings();
        nodeEndpoints = parser.endpoints();
        observer = parser.observer;
        streamId = parser.streamId;
        connectTimeoutNs = parser.connectTimeoutNs;
        seed = parser.seed;
        fingerprint = fingerprint(canonical());
    }

    /** @return every value the nodes must agree on, one per line, in a fixed order. */
    private String canonical()
    {
        final StringBuilder text = new StringBuilder("electbench cluster v1\n")
            .append("cluster-id ").append(clusterId).append('\n')
            .append("algorithm ").append(algorithm.name()).append('\n')
            .append("settings ").append(settings).append('\n')
            .append("options ").append(settings.describe(algorithm.options())).append('\n')
            .append("stream-id ").append(streamId).append('\n')
            .append("seed ").append(seed).append('\n')
            .append("keyed ").append(null != key).append('\n')
            .append("observer ").append(null == observer ? "none" : format(observer)).append('\n');
        for (int id = 1; id <= nodeEndpoints.size(); id++)
        {
            text.append("node ").append(id).append(' ').append(format(nodeEndpoints.get(id - 1))).append('\n');
        }
        return text.toString();
    }

    private static long fingerprint(final String canonical)
    {
        try
        {
            final byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            long value = 0;
            for (int i = 0; i < Long.BYTES; i++)
            {
                value = (value << 8) | (digest[i] & 0xFF);
            }
            return value;
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("SHA-256 is not available in this JVM", ex);
        }
    }

    /**
     * @param registry the algorithms whose declared options are keys too.
     * @return every accepted key: the file's own, then each declared option's name and aliases.
     */
    public static List<String> keys(final AlgorithmRegistry registry)
    {
        return ClusterFileParser.keys(registry);
    }

    /** Reads and parses a file, algorithms from {@link AlgorithmRegistry#instance()}. */
    public static ClusterFile read(final Path path)
    {
        final String text;
        try
        {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(
                InputFiles.readRegular(path, "cluster file", MAX_FILE_BYTES))).toString();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UncheckedIOException("cannot read " + ex.getMessage(), new IOException(ex.getMessage(), ex));
        }
        catch (final NoSuchFileException ex)
        {
            throw new UncheckedIOException("cannot read cluster file " + escape(path.toString()) + ": no such file", ex);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read cluster file " + escape(path.toString()) + ": " + ex, ex);
        }
        return parse(text, path.toString(), AlgorithmRegistry.instance(), path.toAbsolutePath().getParent());
    }

    /**
     * @param text     the file's content.
     * @param source   how to name the file in errors.
     * @param registry where algorithm names are looked up.
     * @throws IllegalArgumentException naming the line, the problem and what is accepted.
     */
    public static ClusterFile parse(final String text, final String source, final AlgorithmRegistry registry)
    {
        return parse(text, source, registry, Path.of("").toAbsolutePath());
    }

    /**
     * @param folder where a relative {@code key} path starts.
     * @see #parse(String, String, AlgorithmRegistry)
     */
    public static ClusterFile parse(final String text, final String source, final AlgorithmRegistry registry, final Path folder)
    {
        final ClusterFileParser parser = new ClusterFileParser(source, registry, folder);
        // A byte order mark is no part of the first key (editors on some systems write one).
        final String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        final String[] lines = body.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++)
        {
            parser.line(i + 1, lines[i]);
        }
        parser.finish();
        return new ClusterFile(parser);
    }

    public String source()
    {
        return source;
    }

    public int clusterId()
    {
        return clusterId;
    }

    public ElectionAlgorithm algorithm()
    {
        return algorithm;
    }

    public ElectionSettings settings()
    {
        return settings;
    }

    /** @return N. */
    public int clusterSize()
    {
        return nodeEndpoints.size();
    }

    /** @param nodeId 1..N. */
    public InetSocketAddress node(final int nodeId)
    {
        checkNodeId(nodeId);
        return nodeEndpoints.get(nodeId - 1);
    }

    /** @return where nodes report, or null when the file names no observer. */
    public InetSocketAddress observer()
    {
        return observer;
    }

    public int streamId()
    {
        return streamId;
    }

    public long connectTimeoutNs()
    {
        return connectTimeoutNs;
    }

    public long seed()
    {
        return seed;
    }

    /** @return whether the file names a cluster key. */
    public boolean keyed()
    {
        return null != key;
    }

    /** @return the 64-bit fingerprint of what every node must agree on. */
    public long fingerprint()
    {
        return fingerprint;
    }

    /**
     * @return who may send what, from where: each node's listed host resolved, the fingerprint, the key.
     * @throws IllegalArgumentException naming a host that does not resolve.
     */
    public Membership membership()
    {
        final List<InetAddress> hosts = new ArrayList<>(nodeEndpoints.size());
        for (int id = 1; id <= nodeEndpoints.size(); id++)
        {
            final InetAddress host = resolve(nodeEndpoints.get(id - 1));
            if (null == host)
            {
                throw new IllegalArgumentException(source + ": the host of node " + id + ", '" +
                    escape(nodeEndpoints.get(id - 1).getHostString()) + "', does not resolve");
            }
            hosts.add(host);
        }
        return Membership.of(hosts, fingerprint, key);
    }

    /** @return the endpoint's host as an address, or null when it does not resolve. */
    static InetAddress resolve(final InetSocketAddress endpoint)
    {
        return ClusterNodes.resolve(endpoint);
    }

    /**
     * @return {@code text} with control characters (NUL, ESC...), direction overrides (U+202E) and
     * other invisible format characters written as a backslash, u and four hex digits, so echoing it cannot garble or disguise a terminal line.
     */
    public static String escape(final String text)
    {
        return org.electbench.transport.InputFiles.printable(text);
    }

    /** @return where every node listens, for {@link AeronEndpoint}. */
    public ChannelPlan channelPlan()
    {
        return ChannelPlan.udp(nodeEndpoints, streamId);
    }

    /** @return the observer's channel, or null when there is none. */
    public String observerChannel()
    {
        return null == observer ? null : channel(observer);
    }

    /**
     * @throws IllegalArgumentException naming the accepted ids when {@code nodeId} is not one of the file's.
     */
    public void checkNodeId(final int nodeId)
    {
        if (nodeId < 1 || nodeId > nodeEndpoints.size())
        {
            throw new IllegalArgumentException(source + " has nodes 1.." + nodeEndpoints.size() + "; there is no node " + nodeId);
        }
    }

    static String channel(final InetSocketAddress endpoint)
    {
        return "aeron:udp?endpoint=" + format(endpoint);
    }

    /** @return {@code HOST:PORT} as the file writes it, an IPv6 host in brackets. */
    public static String format(final InetSocketAddress endpoint)
    {
        return ChannelPlan.format(endpoint);
    }

    @Override
    public String toString()
    {
        return "ClusterFile{" + source + ", cluster-id " + clusterId + ", " + algorithm.name() + ", nodes " +
            nodeEndpoints + ", observer " + observer + ", " + settings + '}';
    }
}
