package org.electbench.spi;

import java.util.Collections;
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

    public AlgorithmRegistry(final ClassLoader classLoader)
    {
        final Map<String, ElectionAlgorithm> byName = new TreeMap<>();
        for (final ElectionAlgorithm algorithm : ServiceLoader.load(ElectionAlgorithm.class, classLoader))
        {
            final ElectionAlgorithm previous = byName.putIfAbsent(algorithm.name(), algorithm);
            if (null != previous)
            {
                throw new IllegalStateException("two algorithms are registered as '" + algorithm.name() + "': " +
                    previous.getClass().getName() + " and " + algorithm.getClass().getName());
            }
        }
        algorithmByName = Collections.unmodifiableMap(byName);
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
