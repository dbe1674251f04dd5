package org.electbench.cli;

import java.nio.file.Path;

import org.electbench.transport.AtomicOutput;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --out FILE} as an {@link AtomicOutput}: the destination is checked while the flags are
 * parsed, so a bad one is refused (exit 2, naming it) before any work.
 */
final class AtomicOutputConverter implements ITypeConverter<AtomicOutput>
{
    @Override
    public AtomicOutput convert(final String value)
    {
        try
        {
            return AtomicOutput.to(Path.of(value));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TypeConversionException(ex.getMessage());
        }
    }
}
