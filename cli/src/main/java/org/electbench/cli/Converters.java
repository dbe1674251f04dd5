package org.electbench.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.Durations;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detect;
import org.electbench.transport.ScenarioKind;
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

    static final class Delay implements ITypeConverter<DelayDistribution>
    {
        @Override
        public DelayDistribution convert(final String value)
        {
            try
            {
                return DelayDistribution.parse(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }

    static final class Scenario implements ITypeConverter<ScenarioKind>
    {
        @Override
        public ScenarioKind convert(final String value)
        {
            return lowerCaseEnum(ScenarioKind.class, value);
        }
    }

    static final class DetectPolicy implements ITypeConverter<Detect>
    {
        @Override
        public Detect convert(final String value)
        {
            return lowerCaseEnum(Detect.class, value);
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

    static final class OnOff implements ITypeConverter<Boolean>
    {
        @Override
        public Boolean convert(final String value)
        {
            switch (value.toLowerCase(Locale.ROOT))
            {
                case "on":
                case "true":
                    return Boolean.TRUE;
                case "off":
                case "false":
                    return Boolean.FALSE;
                default:
                    throw new TypeConversionException("'" + value + "' is not accepted; accepted: on, off");
            }
        }
    }

    static final class Probability implements ITypeConverter<Double>
    {
        @Override
        public Double convert(final String value)
        {
            final double probability;
            try
            {
                probability = Double.parseDouble(value);
            }
            catch (final NumberFormatException ex)
            {
                throw new TypeConversionException("'" + value + "' is not a probability; accepted: a number in [0, 1)");
            }
            if (!(probability >= 0 && probability < 1))
            {
                throw new TypeConversionException("'" + value + "' is not a probability; accepted: a number in [0, 1)");
            }
            return probability;
        }
    }
}
