package org.electbench.analysis;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.DataFormatException;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;

/**
 * Puts a run report (format {@value #FORMAT}: one scenario on one runtime, R runs aggregated,
 * every metric with the name, unit and kind its declaration gives) into {@link RunData}.
 * A distribution's p50 carries the 95% confidence interval of a median over that many runs
 * (the order statistics {@code n/2 ± 0.98·√n}, read from its histogram) as its error: the noise
 * a comparison weighs a change against.
 */
final class RunReportSource
{
    static final String FORMAT = "electbench-run-report/1";
    private static final double Z95 = 1.96;

    private RunReportSource()
    {
    }

    static boolean isRunReport(final JsonNode root)
    {
        return root.isObject() && FORMAT.equals(root.path("format").asText());
    }

    /** @return the row the report filled. */
    static RowKey add(final RunData data, final Path file, final JsonNode root)
    {
        final SortedMap<String, String> parameters = new TreeMap<>();
        final Iterator<Map.Entry<String, JsonNode>> fields = root.path("parameters").fields();
        while (fields.hasNext())
        {
            final Map.Entry<String, JsonNode> field = fields.next();
            parameters.put(field.getKey(), field.getValue().asText());
        }
        if (!parameters.containsKey(Parameters.ALGORITHM) || !root.path("metrics").isArray())
        {
            throw new AnalysisException(file, "run report without parameters.algorithm or metrics");
        }
        final RowKey row;
        try
        {
            row = Parameters.rowKey(parameters, Parameters.NONE);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new AnalysisException(file, ex.getMessage());
        }
        for (final JsonNode value : root.get("metrics"))
        {
            final String name = value.path("name").asText("");
            final Metric.Kind kind;
            try
            {
                kind = Metric.Kind.valueOf(value.path("kind").asText("").toUpperCase(Locale.ROOT));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new AnalysisException(file, "metric '" + name + "' has an unknown kind '" + value.path("kind").asText() + "'");
            }
            final Metric metric = data.declare(new Metric(name, value.path("unit").asText(""), kind));
            switch (kind)
            {
                case DISTRIBUTION:
                    distribution(data, file, row, metric, value);
                    break;
                case VIOLATION:
                    data.put(row, new Column(metric, Column.Statistic.RUNS), Cell.of(value.path("sum").asDouble()));
                    break;
                default:
                    data.put(row, new Column(metric, Column.Statistic.MEAN), Cell.of(value.path("mean").asDouble()));
                    break;
            }
        }
        return row;
    }

    private static void distribution(final RunData data, final Path file, final RowKey row, final Metric metric, final JsonNode value)
    {
        if (!value.path("p50").isNumber())
        {
            return;
        }
        final Histogram histogram = decode(file, metric.name(), value.path("histogram"));
        double error = Double.NaN;
        if (null != histogram && histogram.getTotalCount() > 0)
        {
            data.putHistogram(row, metric, histogram);
            error = medianHalfWidth(histogram);
        }
        data.put(row, new Column(metric, Column.Statistic.P50), new Cell(value.get("p50").asDouble(), error));
        data.put(row, new Column(metric, Column.Statistic.P99), Cell.of(value.path("p99").asDouble()));
        data.put(row, new Column(metric, Column.Statistic.MAX), Cell.of(value.path("max").asDouble()));
    }

    /** @return half the width of the 95% distribution-free confidence interval of the histogram's median. */
    static double medianHalfWidth(final Histogram histogram)
    {
        final double count = histogram.getTotalCount();
        final double offset = 100 * Z95 * Math.sqrt(count) / 2 / count;
        final long low = histogram.getValueAtPercentile(Math.max(0, 50 - offset));
        final long high = histogram.getValueAtPercentile(Math.min(100, 50 + offset));
        return (high - low) / 2.0;
    }

    private static Histogram decode(final Path file, final String name, final JsonNode encoded)
    {
        if (!encoded.isTextual())
        {
            return null;
        }
        try
        {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded.asText())), 0);
        }
        catch (final DataFormatException | IllegalArgumentException | IndexOutOfBoundsException ex)
        {
            throw new AnalysisException(file, "metric '" + name + "': histogram is not a compressed HdrHistogram");
        }
    }
}
