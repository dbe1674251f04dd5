package org.electbench.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.electbench.aeron.ChannelPlan;
import org.electbench.aeron.FrameMac;
import org.electbench.aeron.Membership;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.Durations;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;
import org.electbench.transport.FileSafety;
import org.electbench.transport.InputFiles;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;

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
    public static final long DEFAULT_CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    /** A key is tens of random bytes; a file past this is no key, and is not read further. */
    public static final int MAX_KEY_BYTES = 4096;
    /** A cluster file is lines of text, one per node: kilobytes for the largest cluster allowed. */
    public static final int MAX_FILE_BYTES = 1 << 20;

    /**
     * The most nodes a cluster file lists: each node keeps a publication to every peer, so the start-up work grows as n²
     * (65,535 nodes took minutes to start and left a gigabyte-sized Aeron directory); the largest cluster tested is 128.
     */
    public static final int MAX_NODES = 1024;
    /**
     * The keys of the file itself, in the order the documentation lists them: its own, with the
     * run parameters every node reads ({@link RunParameter#clusterFileKey()}, the timing knobs)
     * among them; algorithms' options come on top.
     */
    public static final List<String> KEYS = keysOfTheFile();

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

    private ClusterFile(final Parser parser, final ElectionSettings settings, final List<InetSocketAddress> nodeEndpoints)
    {
        key = parser.key;
        source = parser.source;
        clusterId = parser.clusterId;
        algorithm = parser.algorithm;
        this.settings = settings;
        this.nodeEndpoints = nodeEndpoints;
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

    private static List<String> keysOfTheFile()
    {
        final List<String> keys = new ArrayList<>(List.of("algorithm", "node", "observer", "cluster-id"));
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            if (parameter.clusterFileKey())
            {
                keys.add(parameter.name());
            }
        }
        keys.addAll(List.of("arrangement-seed", "stream-id", "connect-timeout", "seed", "key"));
        return List.copyOf(keys);
    }

    /**
     * @param registry the algorithms whose declared options are keys too.
     * @return every accepted key: the file's own, then each declared option's name and aliases.
     */
    public static List<String> keys(final AlgorithmRegistry registry)
    {
        final List<String> keys = new ArrayList<>(KEYS);
        for (final Parameter<?> option : registry.options())
        {
            keys.add(option.name());
            keys.addAll(option.aliases());
        }
        return List.copyOf(keys);
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
        final Parser parser = new Parser(source, registry, folder);
        // A byte order mark is no part of the first key (editors on some systems write one).
        final String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        final String[] lines = body.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++)
        {
            parser.line(i + 1, lines[i]);
        }
        return parser.finish();
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

    private static final class Parser
    {
        private final String source;
        private final AlgorithmRegistry registry;
        private final Set<String> seen = new HashSet<>();
        private final List<InetSocketAddress> endpointById = new ArrayList<>();
        private final List<Integer> lineById = new ArrayList<>();
        private final ElectionSettings.Builder settings = ElectionSettings.builder();
        private int lineNumber;
        private int clusterId = 1;
        private ElectionAlgorithm algorithm;
        private InetSocketAddress observer;
        private int observerLine;
        private int streamId = ChannelPlan.DEFAULT_UDP_STREAM_ID;
        private long connectTimeoutNs = DEFAULT_CONNECT_TIMEOUT_NS;
        private long seed = 1;
        private byte[] key;
        private final Path folder;

        Parser(final String source, final AlgorithmRegistry registry, final Path folder)
        {
            this.source = source;
            this.registry = registry;
            this.folder = folder;
        }

        void line(final int number, final String rawLine)
        {
            lineNumber = number;
            final int hash = rawLine.indexOf('#');
            final String line = (hash >= 0 ? rawLine.substring(0, hash) : rawLine).trim();
            if (line.isEmpty())
            {
                return;
            }
            final String[] words = line.split("\\s+");
            final String word = words[0].toLowerCase(Locale.ROOT);
            final Parameter<?> option = KEYS.contains(word) ? null : registry.option(word);
            if (!KEYS.contains(word) && null == option)
            {
                throw error("unknown key '" + words[0] + "'; accepted keys: " + String.join(", ", keys(registry)));
            }
            final String key = null == option ? word : option.name();
            if (!"node".equals(key) && !seen.add(key))
            {
                throw error("'" + key + "' is given twice; each key but 'node' appears at most once");
            }
            if ("node".equals(key))
            {
                node(words);
                return;
            }
            if (words.length != 2)
            {
                throw error("'" + key + "' takes one value, e.g. '" + (null == option ? example(key) :
                    key + " " + format(option)) + "'");
            }
            final String value = words[1];
            if (null != option)
            {
                try
                {
                    settings.parseOption(option, value);
                }
                catch (final IllegalArgumentException ex)
                {
                    throw error("'" + word + "' was '" + value + "'; accepted: " + option.accepted());
                }
                return;
            }
            final Knob knob = knob(key);
            if (null != knob)
            {
                settings.knobNs(knob, duration(key, value));
                return;
            }
            switch (key)
            {
                case "algorithm" -> algorithm = algorithm(value);
                case "observer" ->
                {
                    observer = endpoint(value);
                    observerLine = number;
                }
                case "cluster-id" -> clusterId = (int)integer(key, value, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case "arrangement-seed" -> settings.arrangementSeed(integer(key, value, Long.MIN_VALUE, Long.MAX_VALUE));
                case "stream-id" -> streamId = (int)integer(key, value, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case "connect-timeout" -> connectTimeoutNs = duration(key, value);
                case "seed" -> seed = integer(key, value, Long.MIN_VALUE, Long.MAX_VALUE);
                case "key" -> this.key = key(value);
                default -> throw new IllegalStateException(key);
            }
        }

        private void node(final String[] words)
        {
            if (words.length != 3)
            {
                throw error("'node' takes an id and an endpoint, e.g. 'node 1 127.0.0.1:40201'");
            }
            final int id = (int)integer("node id", words[1], 1, MAX_NODES);
            final InetSocketAddress endpoint = endpoint(words[2]);
            while (endpointById.size() < id)
            {
                endpointById.add(null);
                lineById.add(0);
            }
            if (null != endpointById.get(id - 1))
            {
                throw error("node " + id + " is given twice (first on line " + lineById.get(id - 1) + ")");
            }
            for (int other = 0; other < endpointById.size(); other++)
            {
                if (endpoint.equals(endpointById.get(other)))
                {
                    throw error("node " + id + " has the endpoint " + words[2] + " of node " + (other + 1) +
                        " (line " + lineById.get(other) + "); every node needs its own");
                }
            }
            endpointById.set(id - 1, endpoint);
            lineById.set(id - 1, lineNumber);
        }

        private byte[] key(final String value)
        {
            final Path path = folder.resolve(value);
            final byte[] bytes;
            try
            {
                bytes = InputFiles.readRegular(path, "the key file", MAX_KEY_BYTES);
                final String warning = FileSafety.checkSecret(path, "the key file");
                if (null != warning)
                {
                    System.err.println("electbench: warning: " + escape(warning));
                }
            }
            catch (final IllegalArgumentException ex)
            {
                throw error(ex.getMessage());
            }
            catch (final IOException ex)
            {
                throw error("cannot read the key file " + path + ": " + (ex instanceof NoSuchFileException ? "no such file" : ex));
            }
            if (bytes.length < FrameMac.MIN_KEY_LENGTH)
            {
                throw error("the key file " + path + " has " + bytes.length + " bytes; a cluster key needs at least " +
                    FrameMac.MIN_KEY_LENGTH + " random bytes (e.g. head -c 32 /dev/urandom > " + value + ")");
            }
            return bytes;
        }

        ClusterFile finish()
        {
            lineNumber = 0;
            if (null == algorithm)
            {
                throw error("no 'algorithm' line; known algorithms: " + String.join(", ", registry.names()));
            }
            if (endpointById.size() < 2)
            {
                throw error("a cluster needs at least 2 'node ID HOST:PORT' lines, found " + endpointById.size());
            }
            for (int i = 0; i < endpointById.size(); i++)
            {
                if (null == endpointById.get(i))
                {
                    throw error("node ids must be 1.." + endpointById.size() + " with none missing; node " + (i + 1) +
                        " is missing");
                }
                if (sameEndpoint(endpointById.get(i), observer))
                {
                    throw error("node " + (i + 1) + " and the observer (line " + observerLine +
                        ") share the endpoint " + ClusterFile.format(observer) + "; the observer needs its own");
                }
                for (int other = 0; other < i; other++)
                {
                    if (sameEndpoint(endpointById.get(i), endpointById.get(other)))
                    {
                        lineNumber = lineById.get(i);
                        throw error("node " + (i + 1) + "'s endpoint " + ClusterFile.format(endpointById.get(i)) + " is node " +
                            (other + 1) + "'s " + ClusterFile.format(endpointById.get(other)) + " (line " + lineById.get(other) +
                            ") under another name; every node needs its own");
                    }
                }
            }
            final ElectionSettings built;
            try
            {
                built = settings.build();
            }
            catch (final IllegalArgumentException ex)
            {
                throw error("settings: " + ex.getMessage());
            }
            // Nodes of a cluster file run these values as they are, defaults included: mark them so.
            return new ClusterFile(this, built.explicit(), List.copyOf(endpointById));
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

        private ElectionAlgorithm algorithm(final String name)
        {
            try
            {
                return registry.get(name.toLowerCase(Locale.ROOT));
            }
            catch (final IllegalArgumentException ex)
            {
                throw error(ex.getMessage());
            }
        }

        private InetSocketAddress endpoint(final String value)
        {
            final int colon = value.lastIndexOf(':');
            final String accepted = "; accepted: HOST:PORT with a port in 1..65535, e.g. 127.0.0.1:40201 or [::1]:40201";
            if (colon <= 0 || colon == value.length() - 1)
            {
                throw error("'" + value + "' is not an endpoint" + accepted);
            }
            String host = value.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]"))
            {
                host = host.substring(1, host.length() - 1);
            }
            else if (host.indexOf(':') >= 0)
            {
                throw error("'" + value + "' is not an endpoint: put an IPv6 host in brackets" + accepted);
            }
            final int port;
            try
            {
                port = Integer.parseInt(value.substring(colon + 1));
            }
            catch (final NumberFormatException ex)
            {
                throw error("'" + value + "' has no port number" + accepted);
            }
            if (host.isEmpty() || port < 1 || port > 0xFFFF)
            {
                throw error("'" + value + "' is not an endpoint" + accepted);
            }
            return InetSocketAddress.createUnresolved(host, port);
        }

        /** @return the knob a run parameter of this name sets, or null. */
        private static Knob knob(final String key)
        {
            for (final Knob knob : Knob.values())
            {
                if (knob.optionName().equals(key))
                {
                    return knob;
                }
            }
            return null;
        }

        /** Every duration of the file is read as the run parameters read theirs: one parser, one set of units. */
        private long duration(final String key, final String value)
        {
            try
            {
                final RunParameter<?> parameter = RunParameters.find(key);
                return null != parameter ? (Long)parameter.parse(value) : Durations.parseNs(value, Durations.MIN_TIMER_NS);
            }
            catch (final IllegalArgumentException ex)
            {
                throw error("'" + key + "': " + ex.getMessage());
            }
        }

        private long integer(final String key, final String value, final long min, final long max)
        {
            final long parsed;
            try
            {
                // Long.parseLong takes any script's digits (ARABIC-INDIC DIGIT ONE is 1): only ASCII digits name an id or a number here.
                if (!value.matches("[-+]?[0-9]+"))
                {
                    throw new NumberFormatException(value);
                }
                parsed = Long.parseLong(value);
            }
            catch (final NumberFormatException ex)
            {
                throw error("'" + key + "' needs an integer in " + min + ".." + max + ", was '" + value + "'");
            }
            if (parsed < min || parsed > max)
            {
                throw error("'" + key + "' needs an integer in " + min + ".." + max + ", was " + value);
            }
            return parsed;
        }

        private static <T> String format(final Parameter<T> option)
        {
            return option.format(option.defaultValue());
        }

        private static <T> String defaultOf(final RunParameter<T> parameter)
        {
            return parameter.format(parameter.defaultValue());
        }

        private static String example(final String key)
        {
            return switch (key)
            {
                case "algorithm" -> "algorithm bully";
                case "observer" -> "observer 127.0.0.1:40200";
                case "connect-timeout" -> "connect-timeout 1s";
                case "stream-id" -> "stream-id 1001";
                default -> null != RunParameters.find(key) ? key + " " + defaultOf(RunParameters.find(key)) : key + " 1";
            };
        }

        private IllegalArgumentException error(final String problem)
        {
            return new IllegalArgumentException(
                escape(source + (lineNumber > 0 ? " line " + lineNumber : "") + ": " + problem));
        }
    }
}
