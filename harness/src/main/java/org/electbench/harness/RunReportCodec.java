package org.electbench.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * JSON for {@link RunReport} and {@link Environment} through Jackson; the layout is on
 * {@link RunReport}. Unknown fields are ignored on reading, so a newer writer's extra metrics or
 * fields do not break an older reader.
 */
public final class RunReportCodec
{
    private static final ObjectMapper MAPPER = new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private RunReportCodec()
    {
    }

    /** @return the mapper, configured as the codec uses it. */
    public static ObjectMapper mapper()
    {
        return MAPPER;
    }

    public static String toJson(final Object value)
    {
        try
        {
            return MAPPER.writeValueAsString(value);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    public static RunReport fromJson(final String json)
    {
        try
        {
            return MAPPER.readValue(json, RunReport.class);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("not a run report: " + ex.getMessage(), ex);
        }
    }

    /** @throws IOException when the file cannot be read; IllegalArgumentException when it is not a run report. */
    public static RunReport read(final Path file) throws IOException
    {
        try
        {
            return MAPPER.readValue(file.toFile(), RunReport.class);
        }
        catch (final com.fasterxml.jackson.core.JacksonException ex)
        {
            throw new IllegalArgumentException(file + ": not a run report: " + ex.getOriginalMessage(), ex);
        }
    }

    public static Environment readEnvironment(final Path file) throws IOException
    {
        return MAPPER.readValue(file.toFile(), Environment.class);
    }
}
