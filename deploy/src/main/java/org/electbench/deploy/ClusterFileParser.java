package org.electbench.deploy;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.electbench.aeron.ChannelPlan;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Durations;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;
import org.electbench.transport.InputFiles;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;

/**
 * Reads a {@link ClusterFile} line by line: each key and its value, parsed and checked as it
 * comes, every mistake named with the file and the line. The node list's own checks are
 * {@link ClusterNodes}'; the cluster key is read by {@link ClusterKey}.
 */
final class ClusterFileParser
{
    static final long DEFAULT_CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    /**
     * The most nodes a cluster file lists: each node keeps a publication to every peer, so the start-up work grows as n²
     * (65,535 nodes took minutes to start and left a gigabyte-sized Aeron directory); the largest cluster tested is 128.
     */
    static final int MAX_NODES = 1024;
    /** The keys of the file itself ({@link ClusterFile#KEYS}). */
    static final List<String> KEYS = keysOfTheFile();

    // What the file said, read by the ClusterFile built once finish() has checked it.
    final String source;
    int clusterId = 1;
    ElectionAlgorithm algorithm;
    InetSocketAddress observer;
    int streamId = ChannelPlan.DEFAULT_UDP_STREAM_ID;
    long connectTimeoutNs = DEFAULT_CONNECT_TIMEOUT_NS;
    long seed = 1;
    byte[] key;

    private final AlgorithmRegistry registry;
    private final Path folder;
    private final Set<String> seen = new HashSet<>();
    private final ClusterNodes nodes = new ClusterNodes(this::errorAt);
    private final ElectionSettings.Builder settings = ElectionSettings.builder();
    private int lineNumber;
    private int observerLine;
    private ElectionSettings built;
    private List<InetSocketAddress> endpoints;

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

    /** @return every accepted key: the file's own, then each declared option's name and aliases ({@link ClusterFile#keys}). */
    static List<String> keys(final AlgorithmRegistry registry)
    {
        final List<String> keys = new ArrayList<>(KEYS);
        for (final Parameter<?> option : registry.options())
        {
            keys.add(option.name());
            keys.addAll(option.aliases());
        }
        return List.copyOf(keys);
    }

    ClusterFileParser(final String source, final AlgorithmRegistry registry, final Path folder)
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
        nodes.add(id, endpoint(words[2]), words[2], lineNumber);
    }

    private byte[] key(final String value)
    {
        try
        {
            return ClusterKey.read(folder, value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw error(ex.getMessage());
        }
    }

    /** Checks what the whole file says: an algorithm, the node list, settings that build. */
    void finish()
    {
        lineNumber = 0;
        if (null == algorithm)
        {
            throw error("no 'algorithm' line; known algorithms: " + String.join(", ", registry.names()));
        }
        endpoints = nodes.check(observer, observerLine);
        try
        {
            // Nodes of a cluster file run these values as they are, defaults included: mark them so.
            built = settings.build().explicit();
        }
        catch (final IllegalArgumentException ex)
        {
            throw error("settings: " + ex.getMessage());
        }
    }

    /** @return the settings, once {@link #finish()} has built them. */
    ElectionSettings settings()
    {
        return built;
    }

    /** @return every node's endpoint, indexed by id - 1, once {@link #finish()} has checked them. */
    List<InetSocketAddress> endpoints()
    {
        return endpoints;
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
        try
        {
            return ClusterNodes.endpoint(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw error(ex.getMessage());
        }
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
        return errorAt(lineNumber, problem);
    }

    /** @return the problem, named with the file and the line (none for 0), with what the file said escaped. */
    private IllegalArgumentException errorAt(final int line, final String problem)
    {
        return new IllegalArgumentException(InputFiles.printable(source + (line > 0 ? " line " + line : "") + ": " + problem));
    }
}
