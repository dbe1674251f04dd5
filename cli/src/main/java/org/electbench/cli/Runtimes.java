package org.electbench.cli;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.transport.RuntimeProvider;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The runtimes a command can run a scenario on: whatever registered itself (see {@link RuntimeRegistry}).
 */
final class Runtimes
{
    private Runtimes()
    {
    }

    static final class Converter implements ITypeConverter<RuntimeProvider>
    {
        @Override
        public RuntimeProvider convert(final String value)
        {
            try
            {
                return RuntimeRegistry.instance().get(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException("'" + value + "' is not accepted; accepted: " +
                    String.join(", ", RuntimeRegistry.instance().names()));
            }
        }
    }
}
