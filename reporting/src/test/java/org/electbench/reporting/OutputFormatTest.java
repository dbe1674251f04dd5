package org.electbench.reporting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.electbench.spi.Parameter;
import org.junit.jupiter.api.Test;

class OutputFormatTest
{
    private final Parameter<OutputFormat> compare = OutputFormat.choice("What compare prints.", OutputFormat.MARKDOWN, OutputFormat.JSON);

    @Test
    void aChoiceReadsItsFormatsInAnyCaseAndDefaultsToTheFirst()
    {
        assertEquals(OutputFormat.JSON, compare.parse("JSON"));
        assertEquals(OutputFormat.MARKDOWN, compare.parse("markdown"));
        assertEquals(OutputFormat.MARKDOWN, compare.defaultValue());
        assertEquals("format", compare.name());
        assertEquals("markdown, json", compare.accepted());
    }

    @Test
    void aFormatTheCommandDoesNotWriteIsRefusedNamingOnlyItsOwn()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> compare.parse("csv"));
        assertEquals("'csv' is not accepted; accepted: markdown, json", ex.getMessage());
    }
}
