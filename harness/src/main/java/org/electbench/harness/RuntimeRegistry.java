package org.electbench.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.electbench.transport.RuntimeProvider;

/**
 * Indexes the runtimes found on the classpath through {@link ServiceLoader} by name, as
 * {@code AlgorithmRegistry} does for algorithms: a runtime module registers its providers under
 * {@code META-INF/services/org.electbench.transport.RuntimeProvider}. Names list the simulator
 * first, then the real-clock runtimes alphabetically.
 */
public final class RuntimeRegistry
{
    private static final RuntimeRegistry DEFAULT = new RuntimeRegistry(RuntimeRegistry.class.getClassLoader());

    private final Map<String, RuntimeProvider> providerByName;

    public RuntimeRegistry(final ClassLoader classLoader)
    {
        final List<RuntimeProvider> providers = new ArrayList<>();
        ServiceLoader.load(RuntimeProvider.class, classLoader).forEach(providers::add);
        providers.sort(Comparator.comparing(RuntimeProvider::realClock).thenComparing(RuntimeProvider::name));
        final Map<String, RuntimeProvider> byName = new LinkedHashMap<>();
        for (final RuntimeProvider provider : providers)
        {
            final RuntimeProvider previous = byName.putIfAbsent(provider.name(), provider);
            if (null != previous)
            {
                throw new IllegalStateException("two runtimes are registered as '" + provider.name() + "': " +
                    previous.getClass().getName() + " and " + provider.getClass().getName());
            }
        }
        providerByName = Collections.unmodifiableMap(byName);
    }

    /** @return the registry of the classpath the harness was loaded from. */
    public static RuntimeRegistry instance()
    {
        return DEFAULT;
    }

    /** @return known names: the simulator first, then the real-clock runtimes. */
    public List<String> names()
    {
        return List.copyOf(providerByName.keySet());
    }

    /**
     * @param name a registered name.
     * @return its provider.
     * @throws IllegalArgumentException listing the known names when there is none by that name.
     */
    public RuntimeProvider get(final String name)
    {
        final RuntimeProvider provider = providerByName.get(name);
        if (null == provider)
        {
            throw new IllegalArgumentException("unknown runtime '" + name + "'; known: " + String.join(", ", providerByName.keySet()));
        }
        return provider;
    }
}
