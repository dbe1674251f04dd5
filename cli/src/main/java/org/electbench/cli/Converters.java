package org.electbench.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.Durations;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Flag values to typed values; each failure names the accepted values (picocli prefixes the flag).
 */
final class Converters
{
    private Converters()
    {
    }

    static <E extends Enum<E>> E lowerCaseEnum(final Class<E> type, final String value)
    {
        for (final E constant : type.getEnumConstants())
        {
            if (cliName(constant).equals(value.toLowerCase(Locale.ROOT)))
            {
                return constant;
            }
        }
        throw new TypeConversionException("'" + value + "' is not accepted; accepted: " + accepted(type));
    }

    static String cliName(final Enum<?> constant)
    {
        return AlgorithmOption.choiceName(constant);
    }

    static String accepted(final Class<? extends Enum<?>> type)
    {
        return Arrays.stream(type.getEnumConstants()).map(Converters::cliName).collect(Collectors.joining(", "));
    }

    static final class Duration implements ITypeConverter<Long>
    {
        @Override
        public Long convert(final String value)
        {
            try
            {
                return Durations.parseNs(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }

    static final class Format implements ITypeConverter<OutputFormat>
    {
        @Override
        public OutputFormat convert(final String value)
        {
            return lowerCaseEnum(OutputFormat.class, value);
        }
    }

    /** A loss probability, read as the run parameter {@code --loss} reads it. */
    static final class Probability implements ITypeConverter<Double>
    {
        @Override
        public Double convert(final String value)
        {
            try
            {
                return RunParameters.LOSS.parse(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }
}
