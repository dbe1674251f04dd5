package org.electbench.analysis;

import org.electbench.reporting.Cell;
import java.nio.file.Path;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
import org.electbench.harness.MetricValue;
import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;

/**
 * Puts a {@link RunReport} (one scenario on one runtime, R runs aggregated, every metric with the
 * name, unit and kind its declaration gives) into {@link RunData}. A distribution's p50 carries
 * the 95% confidence interval of a median over that many runs (the order statistics
 * {@code n/2 ± 0.98·√n}, read from its histogram) as its error: the noise a comparison weighs a
 * change against.
 */
final class RunReportSource
{
    private static final double Z95 = 1.96;

    private RunReportSource()
    {
    }

    static boolean isRunReport(final JsonNode root)
    {
        return root.isObject() && RunReport.FORMAT.equals(root.path("format").asText());
    }

    /** @return the row the report filled. */
    static RowKey add(final RunData data, final Path file, final JsonNode root)
    {
        final RunReport report;
        final RowKey row;
        try
        {
            report = RunReportCodec.mapper().treeToValue(root, RunReport.class);
            if (null == report.parameters() || null == report.metrics())
            {
                throw new AnalysisException(file, "run report without parameters or metrics");
            }
            row = RowKeys.rowKey(report.parameters(), RowKeys.NONE);
        }
        catch (final com.fasterxml.jackson.core.JsonProcessingException ex)
        {
            throw new AnalysisException(file, "not a run report: " + JmhResults.firstLine(ex.getOriginalMessage()), ex);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new AnalysisException(file, ex.getMessage());
        }
        data.put(row, new Column(JmhSource.ELECTIONS_MEASURED, Column.Statistic.MEAN), Cell.of(report.runs()));
        for (final MetricValue value : report.metrics())
        {
            final Metric.Kind kind;
            try
            {
                kind = Metric.Kind.valueOf(String.valueOf(value.kind()).toUpperCase(Locale.ROOT));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new AnalysisException(file, "metric '" + value.name() + "' has an unknown kind '" + value.kind() + "'");
            }
            final Metric metric = data.declare(new Metric(value.name(), value.unit(), kind));
            switch (kind)
            {
                case DISTRIBUTION:
                    distribution(data, file, row, metric, value);
                    break;
                case VIOLATION:
                    // No cell where no run could be judged on it (a wrong leader where the source promises none): n/a.
                    if (value.samples() > 0)
                    {
                        data.put(row, new Column(metric, Column.Statistic.RUNS), Cell.of(value.sum()));
                    }
                    break;
                case MEAN:
                    // A level (most leaders at one instant): its largest over the runs, the one meaning every output gives it.
                    // No cell where no run measured it (availability where no disturbance lasted), as below.
                    if (value.samples() > 0)
                    {
                        data.put(row, new Column(metric, Column.Statistic.MAX), Cell.of(value.max()));
                        data.putMean(row, metric.name(), value.mean());
                    }
                    break;
                default:
                    // A count no run measured (leader changes where no disturbance lasted, availability over time) is no
                    // count of 0: no cell, so no reading says "keeps its leader throughout" of a clean crash.
                    if (value.samples() > 0)
                    {
                        data.put(row, new Column(metric, Column.Statistic.MEAN), Cell.of(value.mean()));
                        data.putRange(row, metric.name(), value.min(), value.max());
                    }
                    break;
            }
        }
        return row;
    }

    private static void distribution(final RunData data, final Path file, final RowKey row, final Metric metric, final MetricValue value)
    {
        if (!value.hasValues())
        {
            return;
        }
        final Histogram histogram;
        try
        {
            histogram = value.decodeHistogram();
        }
        catch (final IllegalArgumentException | IndexOutOfBoundsException ex)
        {
            throw new AnalysisException(file, "metric '" + metric.name() + "': histogram is not a compressed HdrHistogram");
        }
        double error = Double.NaN;
        if (null != histogram && histogram.getTotalCount() > 0)
        {
            data.putHistogram(row, metric, histogram);
            error = medianHalfWidth(histogram);
        }
        data.put(row, new Column(metric, Column.Statistic.P50), new Cell(value.p50(), error));
        data.put(row, new Column(metric, Column.Statistic.P99), Cell.of(value.p99()));
        data.put(row, new Column(metric, Column.Statistic.MAX), Cell.of(value.max()));
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
}
