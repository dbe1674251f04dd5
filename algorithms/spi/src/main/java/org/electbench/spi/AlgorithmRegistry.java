package org.electbench.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Indexes the algorithms found on the classpath by name. The set is open: a third party adds
 * one by dropping a jar with a service entry on the classpath.
 */
public final class AlgorithmRegistry
{
    private static final AlgorithmRegistry DEFAULT = new AlgorithmRegistry(AlgorithmRegistry.class.getClassLoader());

    private final Map<String, ElectionAlgorithm> algorithmByName;
    private final List<Parameter<?>> options;
    private final Map<String, List<String>> algorithmsByOption;

    public AlgorithmRegistry(final ClassLoader classLoader)
    {
        final Map<String, ElectionAlgorithm> byName = new TreeMap<>();
        for (final ElectionAlgorithm algorithm : ServiceLoader.load(ElectionAlgorithm.class, classLoader))
        {
            checkRoles(algorithm);
            final ElectionAlgorithm previous = byName.putIfAbsent(algorithm.name(), algorithm);
            if (null != previous)
            {
                throw new IllegalStateException("two algorithms are registered as '" + algorithm.name() + "': " +
                    previous.getClass().getName() + " and " + algorithm.getClass().getName());
            }
        }
        algorithmByName = Collections.unmodifiableMap(byName);
        final Map<String, Parameter<?>> optionByName = new TreeMap<>();
        for (final ElectionAlgorithm algorithm : byName.values())
        {
            for (final Parameter<?> option : algorithm.options())
            {
                final Parameter<?> previous = optionByName.putIfAbsent(option.name(), option);
                if (null != previous && !previous.sharesValuesWith(option))
                {
                    throw new IllegalStateException("option '" + option.name() + "' of " + algorithm.name() +
                        " accepts " + option.accepted() + " but another algorithm declares it accepting " +
                        previous.accepted() + "; one flag cannot set both");
                }
                for (final String alias : option.aliases())
                {
                    optionByName.putIfAbsent(alias, option);
                }
            }
        }
        options = List.copyOf(new LinkedHashSet<>(optionByName.values()));
        algorithmsByOption = algorithmsByOption(byName.values());
    }

    /** The roles are declared beside the heartbeat and acknowledgement types: they must agree. */
    static void checkRoles(final ElectionAlgorithm algorithm)
    {
        final List<MessageRole> roles = algorithm.messageRoles();
        final int types = algorithm.messageTypes().size();
        if (roles.size() != types)
        {
            throw new IllegalStateException(algorithm.name() + " declares " + roles.size() + " message roles for " +
                types + " message types " + algorithm.messageTypes());
        }
        checkRole(algorithm, roles, algorithm.heartbeatType(), MessageRole.HEARTBEAT, "heartbeat");
        checkRole(algorithm, roles, algorithm.acknowledgementType(), MessageRole.ACKNOWLEDGEMENT, "acknowledgement");
    }

    private static void checkRole(
        final ElectionAlgorithm algorithm, final List<MessageRole> roles, final int type, final MessageRole role, final String what)
    {
        if (type >= 0 && (type >= roles.size() || roles.get(type) != role))
        {
            throw new IllegalStateException(algorithm.name() + "'s " + what + " type " + algorithm.typeName(type) +
                " is declared with the role " + (type < roles.size() ? roles.get(type) : "none") + ", not " + role);
        }
    }

    private static Map<String, List<String>> algorithmsByOption(final Iterable<ElectionAlgorithm> algorithms)
    {
        final Map<String, List<String>> byOption = new TreeMap<>();
        for (final ElectionAlgorithm algorithm : algorithms)
        {
            for (final Parameter<?> option : algorithm.options())
            {
                byOption.computeIfAbsent(option.name(), name -> new ArrayList<>()).add(algorithm.name());
            }
        }
        byOption.replaceAll((name, names) -> List.copyOf(names));
        return Collections.unmodifiableMap(byOption);
    }

    /**
     * @return every option the registered algorithms declare, one per name (the first
     *         algorithm's declaration, by algorithm name, stands for a shared one).
     */
    public List<Parameter<?>> options()
    {
        return options;
    }

    /**
     * @param name an option name or alias.
     * @return the declared option, or null when no algorithm declares one by that name.
     */
    public Parameter<?> option(final String name)
    {
        for (final Parameter<?> option : options)
        {
            if (option.answersTo(name))
            {
                return option;
            }
        }
        return null;
    }

    /** @return the names of the algorithms that declare the option, sorted; empty for none. */
    public List<String> algorithmsDeclaring(final Parameter<?> option)
    {
        return algorithmsByOption.getOrDefault(option.name(), List.of());
    }

    /** @return the registry of the classpath this SPI was loaded from. */
    public static AlgorithmRegistry instance()
    {
        return DEFAULT;
    }

    /** @return known names, sorted. */
    public Iterable<String> names()
    {
        return algorithmByName.keySet();
    }

    /**
     * @param name registered name.
     * @return the algorithm.
     * @throws IllegalArgumentException listing the known names when there is none by that name.
     */
    public ElectionAlgorithm get(final String name)
    {
        final ElectionAlgorithm algorithm = algorithmByName.get(name);
        if (null == algorithm)
        {
            throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: " +
                String.join(", ", algorithmByName.keySet()));
        }
        return algorithm;
    }
}
