package org.electbench.analysis;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.Lines;
import org.electbench.reporting.NamedChart;
import org.electbench.spi.Durations;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.parameters.RunParameters;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The reference chart: the real systems' failover times as cumulative distributions, a panel per
 * cluster size, beside the textbook algorithms' leader-crash rows at the same detection silence
 * (the real transport the run has, else the simulator). A reference line is every failover of a
 * row, fault to every live node naming the new leader ({@link ReferenceTable}'s "agreed"); one
 * that never converged keeps its share of the count, so the line stops below 1. A textbook line
 * is its convergence histogram. Drawn only when the data holds a reference row.
 * <p>
 * Registered in {@link Charts#all} through {@link #chart}, which returns null when there is
 * nothing to draw.
 */
public final class ReferenceChart
{
    /** The figure's file stem. */
    public static final String STEM = "reference_cdf";
    private static final String TEXTBOOK_SCENARIO = "leader-crash";
    /** The transports a textbook line is taken from, the first the data has at that size: the real network first. */
    private static final List<String> TRANSPORTS = List.of("aeron-udp", "inmemory", "sim");
    private static final Color[] SYSTEM_COLOURS = {
        new Color(0x000000), new Color(0x8c564b), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf), new Color(0xe377c2)};
    private static final Color[] TEXTBOOK_COLOURS = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e), new Color(0x9467bd)};

    private ReferenceChart()
    {
    }

    /** @return the figure, or null when the data holds no reference row. */
    public static NamedChart chart(final RunData data)
    {
        final List<JsonNode> rows = data.referenceRows();
        if (rows.isEmpty())
        {
            return null;
        }
        final SortedSet<Integer> sizes = new TreeSet<>();
        rows.forEach(row -> sizes.add(row.path("nodes").asInt()));
        final List<Chart<?, ?>> panels = new ArrayList<>();
        final List<String> textbookFrom = new ArrayList<>();
        for (final int nodes : sizes)
        {
            final XYChart panel = ChartStyle.panel("n = " + nodes, "failover time (ms)", "share of failovers at most x", sizes.size());
            panel.getStyler().setYAxisMin(0.0);
            panel.getStyler().setYAxisMax(1.0);
            panel.getStyler().setXAxisMin(0.0);
            final List<Lines.Line> lines = new ArrayList<>();
            final SortedSet<Long> silences = new TreeSet<>();
            int colour = 0;
            for (final JsonNode row : rows)
            {
                if (row.path("nodes").asInt() != nodes)
                {
                    continue;
                }
                silences.add(row.path("detectionSilenceNs").asLong());
                final long[] agreed = agreed(row);
                final int count = row.path("failovers").size();
                final long late = hostLate(row);
                final String name = row.path("system").asText() + " " + row.path("scenario").asText() + " (" + count + " failovers" +
                    (agreed.length < count ? ", " + (count - agreed.length) + " unconverged" : "") +
                    (late > 0 ? ", hostLate " + late : "") + ")";
                lines.add(cdf(name, agreed, count, SYSTEM_COLOURS[colour++ % SYSTEM_COLOURS.length], false));
            }
            int textbook = 0;
            for (final RowKey row : textbookRows(data, nodes, silences))
            {
                final Histogram histogram = data.histogram(row, Charts.CONVERGENCE);
                final long[] values = values(histogram);
                lines.add(cdf(row.algorithm() + " (" + row.transport() + ", " + values.length + " elections)",
                    values, values.length, TEXTBOOK_COLOURS[textbook++ % TEXTBOOK_COLOURS.length], true));
                final String from = row.transport() + " at n = " + nodes;
                if (!textbookFrom.contains(from))
                {
                    textbookFrom.add(from);
                }
            }
            Lines.add(panel, lines);
            if (!panel.getSeriesMap().isEmpty())
            {
                panels.add(panel);
            }
        }
        if (panels.isEmpty())
        {
            return null;
        }
        final List<String> notes = new ArrayList<>();
        notes.add("Failover time: fault to every live node naming the new leader. " +
            "Solid: real systems, each node a process in its own network namespace; every failover of the row, one that " +
            "never converged kept in the count (its line stops below 1). Dashed: the textbook algorithms' " + TEXTBOOK_SCENARIO +
            " convergence at the same detection silence" + (textbookFrom.isEmpty() ? " (none in this data)" :
            ", from " + String.join("; ", textbookFrom)) + ".");
        notes.add("A row marked hostLate had failovers in which the host held a node past half its shortest timing race: " +
            "its tail may be the host's, not the system's.");
        return ChartStyle.figure(STEM, "Reference implementations: failover time beside the textbook algorithms", null, panels, notes);
    }

    /** @return the textbook leader-crash rows at this size and one of these silences, from the first transport that has any. */
    static List<RowKey> textbookRows(final RunData data, final int nodes, final SortedSet<Long> silences)
    {
        for (final String transport : TRANSPORTS)
        {
            final List<RowKey> found = new ArrayList<>();
            for (final RowKey row : data.rows(TEXTBOOK_SCENARIO))
            {
                final Histogram histogram = data.histogram(row, Charts.CONVERGENCE);
                if (row.nodes() == nodes && transport.equals(row.transport()) && silences.contains(detectionNs(row)) &&
                    null != histogram && histogram.getTotalCount() > 0)
                {
                    found.add(row);
                }
            }
            if (!found.isEmpty())
            {
                return found;
            }
        }
        return List.of();
    }

    /** @return the row's detection timeout D: as given, or the default where the row left it to the run. */
    static long detectionNs(final RowKey row)
    {
        final String value = row.settings().get(RunParameters.DETECTION_TIMEOUT.key());
        if (null == value || RowKeys.AUTO.equals(value) || RowKeys.NONE.equals(value))
        {
            return ElectionSettings.DEFAULT_DETECTION_TIMEOUT_NS;
        }
        try
        {
            return Durations.parseNs(value.trim());
        }
        catch (final IllegalArgumentException ex)
        {
            return -1;
        }
    }

    private static Lines.Line cdf(final String name, final long[] sorted, final int count, final Color colour, final boolean dashed)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (int i = 0; i < sorted.length; i++)
        {
            xs.add(sorted[i] / 1e6);
            ys.add((i + 1) / (double)count);
        }
        return new Lines.Line(name, xs, ys, colour, SeriesMarkers.NONE, dashed, true);
    }

    /** @return the converged failovers' fault-to-agreement times, sorted. */
    static long[] agreed(final JsonNode row)
    {
        final List<Long> values = new ArrayList<>();
        for (final JsonNode failover : row.path("failovers"))
        {
            final long agreed = failover.path("agreedNs").asLong(-1);
            if (agreed >= 0)
            {
                values.add(agreed);
            }
        }
        return values.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    private static long hostLate(final JsonNode row)
    {
        long late = 0;
        for (final JsonNode failover : row.path("failovers"))
        {
            late += failover.path("hostLate").asBoolean() ? 1 : 0;
        }
        return late;
    }

    /** @return every value the histogram recorded, as many times as recorded, sorted (each at its bucket's equivalent value). */
    private static long[] values(final Histogram histogram)
    {
        final long[] values = new long[(int)Math.min(Integer.MAX_VALUE - 8, histogram.getTotalCount())];
        int at = 0;
        for (final HistogramIterationValue value : histogram.recordedValues())
        {
            for (long i = 0; i < value.getCountAtValueIteratedTo() && at < values.length; i++)
            {
                values[at++] = histogram.highestEquivalentValue(value.getValueIteratedTo());
            }
        }
        Arrays.sort(values, 0, at);
        return at == values.length ? values : Arrays.copyOf(values, at);
    }
}
