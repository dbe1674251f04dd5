package org.electbench.reporting;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.electbench.spi.Parameter;

/**
 * What a command prints, one choice for every command's {@code --format} (as Caffeine's simulator
 * keeps one {@code ReportFormat}). A command accepts the formats it has writers for, through
 * {@link #choice}, and keys its writers by these constants.
 */
public enum OutputFormat
{
    /** Tables padded to read on a terminal. */
    TABLE,
    /** The same tables as markdown, to paste into a page. */
    MARKDOWN,
    /** Every column, exact values in each metric's unit. */
    CSV,
    /** The whole result, for a program to read. */
    JSON;

    /** @return the written form: {@code table}, {@code markdown}, {@code csv}, {@code json}. */
    public String cliName()
    {
        return Parameter.choiceName(this);
    }

    /**
     * @param doc      the flag's doc line.
     * @param accepted the formats a command writes, its default first, in the order its errors list them.
     * @return the choice {@code --format}: one parser, whose error names only these formats.
     */
    public static Parameter<OutputFormat> choice(final String doc, final OutputFormat... accepted)
    {
        final List<OutputFormat> formats = List.of(accepted);
        final String names = formats.stream().map(OutputFormat::cliName).collect(Collectors.joining(", "));
        return Parameter.choice("format", OutputFormat.class).defaultValue(accepted[0]).scope(Parameter.Scope.RUNTIME).doc(doc)
            .parsedBy(text ->
            {
                for (final OutputFormat format : formats)
                {
                    if (format.cliName().equals(text.toLowerCase(Locale.ROOT)))
                    {
                        return format;
                    }
                }
                throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + names);
            }, names)
            .build();
    }
}
