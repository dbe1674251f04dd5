package org.electbench.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.electbench.reporting.OutputFormat;
import org.electbench.spi.Durations;
import org.electbench.spi.Parameter;
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
        return Parameter.choiceName(constant);
    }

    static String accepted(final Class<? extends Enum<?>> type)
    {
        return Arrays.stream(type.getEnumConstants()).map(Converters::cliName).collect(Collectors.joining(", "));
    }

    /**
     * An integer flag in ASCII digits: Java's own parsing takes any script's digits (ARABIC-INDIC DIGIT ONE is 1),
     * so {@code --id \u0661} would run node 1. Registered for every int and long flag.
     */
    static long asciiInteger(final String value, final long min, final long max, final String type)
    {
        if (!value.matches("[-+]?[0-9]{1,19}"))
        {
            throw new TypeConversionException("'" + value + "' is not " + type + " (ASCII digits 0-9)");
        }
        try
        {
            final long parsed = Long.parseLong(value);
            if (parsed >= min && parsed <= max)
            {
                return parsed;
            }
        }
        catch (final NumberFormatException ex)
        {
            // Out of range as a long: named below with the type's range.
        }
        throw new TypeConversionException("'" + value + "' is out of range for " + type + " (" + min + ".." + max + ")");
    }

    static int asciiInt(final String value)
    {
        return (int)asciiInteger(value, Integer.MIN_VALUE, Integer.MAX_VALUE, "an integer");
    }

    static long asciiLong(final String value)
    {
        return asciiInteger(value, Long.MIN_VALUE, Long.MAX_VALUE, "an integer");
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

    /** {@code --format}: the one output-format choice, refusing what the command cannot write. */
    abstract static class Format implements ITypeConverter<OutputFormat>
    {
        private final Parameter<OutputFormat> choice;

        Format(final OutputFormat... accepted)
        {
            choice = OutputFormat.choice("What to print.", accepted);
        }

        @Override
        public OutputFormat convert(final String value)
        {
            try
            {
                return choice.parse(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }

    /** What simulate, observe and chaos print: their tables, every column, or the whole report. */
    static final class ReportFormats extends Format
    {
        ReportFormats()
        {
            super(OutputFormat.TABLE, OutputFormat.JSON, OutputFormat.CSV);
        }
    }

    /** What compare prints. */
    static final class CompareFormats extends Format
    {
        CompareFormats()
        {
            super(OutputFormat.MARKDOWN, OutputFormat.JSON);
        }
    }

    /** What tune prints. */
    static final class TuneFormats extends Format
    {
        TuneFormats()
        {
            super(OutputFormat.TABLE, OutputFormat.JSON);
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
