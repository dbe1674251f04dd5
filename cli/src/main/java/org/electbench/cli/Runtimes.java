package org.electbench.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.electbench.inmemory.InMemoryRuntime;
import org.electbench.sim.SimRuntime;
import org.electbench.transport.ClusterRuntime;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The runtimes a command can run a scenario on, by their command-line names.
 */
final class Runtimes
{
    private static final Map<String, Supplier<ClusterRuntime>> FACTORIES = new LinkedHashMap<>();

    static
    {
        FACTORIES.put("sim", SimRuntime::new);
        FACTORIES.put(InMemoryRuntime.NAME, InMemoryRuntime::fromSystemProperties);
    }

    private Runtimes()
    {
    }

    static final class Converter implements ITypeConverter<Supplier<ClusterRuntime>>
    {
        @Override
        public Supplier<ClusterRuntime> convert(final String value)
        {
            final Supplier<ClusterRuntime> factory = FACTORIES.get(value);
            if (null == factory)
            {
                throw new TypeConversionException("'" + value + "' is not accepted; accepted: " + String.join(", ", FACTORIES.keySet()));
            }
            return factory;
        }
    }
}
