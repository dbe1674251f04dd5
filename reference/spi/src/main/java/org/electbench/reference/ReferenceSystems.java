package org.electbench.reference;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The reference systems on the class path, by name; an unknown name fails fast and lists the known ones. */
public final class ReferenceSystems
{
    private static final Map<String, ReferenceSystem> SYSTEMS = load();

    private ReferenceSystems()
    {
    }

    private static Map<String, ReferenceSystem> load()
    {
        final Map<String, ReferenceSystem> systems = new TreeMap<>();
        for (final ReferenceSystem system : ServiceLoader.load(ReferenceSystem.class))
        {
            final ReferenceSystem previous = systems.putIfAbsent(system.name(), system);
            if (null != previous)
            {
                throw new IllegalStateException("two reference systems named " + system.name() + ": " +
                    previous.getClass().getName() + " and " + system.getClass().getName());
            }
        }
        return Collections.unmodifiableMap(systems);
    }

    /** @return the names of the systems found, sorted. */
    public static List<String> names()
    {
        return List.copyOf(SYSTEMS.keySet());
    }

    /** @throws IllegalArgumentException naming the known systems when none has this name. */
    public static ReferenceSystem byName(final String name)
    {
        final ReferenceSystem system = SYSTEMS.get(name);
        if (null == system)
        {
            throw new IllegalArgumentException("unknown reference system '" + name + "'; known: " +
                (SYSTEMS.isEmpty() ? "none on the class path" : String.join(", ", SYSTEMS.keySet())));
        }
        return system;
    }
}
