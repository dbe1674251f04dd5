package org.electbench.analysis;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

import org.electbench.reporting.Cell;
import org.electbench.reporting.Lines;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.NaturalOrder;
import org.electbench.transport.parameters.RunParameters;
import org.knowm.xchart.style.markers.Marker;

/**
 * How the charts group a run's rows: into panels by what tells rows apart, into lines by algorithm (and variant),
 * in one order everywhere (algorithm, then variant, then n by value, then transport and settings as a reader orders
 * them: 30ms before 30.1ms); what every row of a chart shares, and which rows the host made late.
 */
final class RowGroups
{
    private RowGroups()
    {
    }

    /** @return algorithm, then the on/off options (its variant), then n, then transport and the other settings. */
    static Comparator<RowKey> order(final List<String> variants)
    {
        return Comparator.comparing(RowKey::algorithm)
            .thenComparing(row -> Incidents.label(row, variants), NaturalOrder.TEXT)
            .thenComparingInt(RowKey::nodes)
            .thenComparing(RowKey::transport)
            .thenComparing(RowKey::settingsText, NaturalOrder.TEXT);
    }

    /** @return the rows in {@link #order}, their variants those options the rows themselves tell apart. */
    static List<RowKey> ordered(final Collection<RowKey> rows)
    {
        final List<RowKey> sorted = new ArrayList<>(rows);
        sorted.sort(order(variants(rows)));
        return sorted;
    }

    static List<NamedChart> listOf(final NamedChart chart)
    {
        return null == chart ? List.of() : List.of(chart);
    }

    static double value(final RunData data, final RowKey row, final String columnId)
    {
        final Cell cell = data.cell(row, columnId);
        return null == cell ? Double.NaN : cell.value();
    }

    /** @return whether the host made any run of the row late: the tables mark it and it draws no verdict. */
    static boolean hostLate(final RunData data, final RowKey row)
    {
        final Cell late = data.cell(row, Findings.HOST_LATE);
        return null != late && late.value() > 0;
    }

    /** @return a line drawn from rows, marked (grey, dotted, named) where the host made any of them late. */
    static Lines.Line marked(final RunData data, final Lines.Line line, final SortedMap<?, RowKey> rows)
    {
        final List<String> late = new ArrayList<>();
        rows.values().forEach(row -> {
            if (hostLate(data, row))
            {
                late.add("n=" + row.nodes());
            }
        });
        if (late.isEmpty())
        {
            return line;
        }
        return line.hostLate(late.size() == rows.size() ? "" : ": " + String.join(", ", late));
    }

    /** @return the note that says which rows the host made late and how they are drawn, or "" when none was. */
    static String lateNote(final RunData data, final Collection<RowKey> rows)
    {
        final List<String> late = new ArrayList<>();
        for (final RowKey row : ordered(rows))
        {
            if (hostLate(data, row))
            {
                late.add(row.algorithm() + " " + row.transport() + " n=" + row.nodes() + spaced(row.settingsText(
                    variants(rows))));
            }
        }
        return late.isEmpty() ? "" : "Grey dotted, \"" + Lines.HOST_LATE + ")\": the host made runs late (marked in the " +
            "tables too; no verdict drawn from them): " + String.join("; ", late) + ".";
    }

    /** @return a convergence percentile in ms from the row's histogram, NaN where the elections cannot give it (p99 below 100). */
    static double percentile(final RunData data, final RowKey row, final double percentile)
    {
        final Estimate estimate = Estimate.of(data.histogram(row, Charts.CONVERGENCE), percentile);
        if (null != estimate)
        {
            return estimate.value() / 1e6;
        }
        return percentile > 90 ? Double.NaN : value(data, row, Charts.CONVERGENCE + ".p50") / 1e6;
    }

    static <K extends Number> Lines.Line line(final String name, final SortedMap<K, RowKey> points, final ToDoubleFunction<RowKey> y,
        final Color colour, final Marker marker, final boolean dashed, final boolean inLegend)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final Map.Entry<K, RowKey> point : points.entrySet())
        {
            final double value = y.applyAsDouble(point.getValue());
            if (!Double.isNaN(value))
            {
                xs.add(point.getKey().doubleValue());
                ys.add(value);
            }
        }
        return new Lines.Line(name, xs, ys, colour, marker, dashed, inLegend);
    }

    static SortedSet<Integer> nodes(final SortedMap<String, SortedMap<Integer, RowKey>> lines)
    {
        final SortedSet<Integer> nodes = new TreeSet<>();
        lines.values().forEach(line -> nodes.addAll(line.keySet()));
        return nodes;
    }

    /** @return per panel (transport and the settings that tell rows apart), per algorithm, its rows by n. */
    static Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> linesByPanel(final RunData data, final String scenario)
    {
        final List<String> varying = linesApart(data.rows(scenario));
        final Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> panels = new TreeMap<>(NaturalOrder.TEXT);
        for (final Map.Entry<String, List<RowKey>> panel : panels(data.rows(scenario), varying).entrySet())
        {
            for (final RowKey row : panel.getValue())
            {
                if (row.nodes() > 0)
                {
                    panels.computeIfAbsent(panel.getKey(), key -> new TreeMap<>(NaturalOrder.TEXT))
                        .computeIfAbsent(row.algorithm(), key -> new TreeMap<>()).put(row.nodes(), row);
                }
            }
        }
        return panels;
    }

    /**
     * @return the settings that tell rows of one algorithm, transport and n apart, but T_coord: where not given it is
     *     derived from n and T_elec (a ring's laps grow with n) and would split one line into a point per n.
     */
    static List<String> linesApart(final List<RowKey> rows)
    {
        final List<String> varying = new ArrayList<>(distinguishing(rows));
        varying.remove(RunParameters.COORDINATOR_TIMEOUT.key());
        return varying;
    }

    /** @return the rows by panel: the transport and the values of the settings that tell rows apart, as the panel's title. */
    static SortedMap<String, List<RowKey>> panels(final List<RowKey> rows, final List<String> varying)
    {
        final SortedMap<String, List<RowKey>> panels = new TreeMap<>(NaturalOrder.TEXT);
        for (final RowKey row : ordered(rows))
        {
            panels.computeIfAbsent(row.transport() + spaced(row.settingsText(varying)), key -> new ArrayList<>()).add(row);
        }
        return panels;
    }

    static String spaced(final String settings)
    {
        return settings.isEmpty() ? "" : ", " + settings;
    }

    /**
     * @return "Held fixed: a=1, b=2." for the settings every one of the rows has with one value (but those named), or
     *     an empty string.
     */
    static String heldFixed(final List<RowKey> rows, final List<String> except)
    {
        final SortedMap<String, Set<String>> values = new TreeMap<>();
        for (final RowKey row : rows)
        {
            row.settings().forEach((name, value) -> values.computeIfAbsent(name, key -> new HashSet<>()).add(value));
        }
        final List<String> fixed = new ArrayList<>();
        for (final Map.Entry<String, Set<String>> entry : values.entrySet())
        {
            final boolean everywhere = rows.stream().allMatch(row -> row.settings().containsKey(entry.getKey()));
            if (entry.getValue().size() == 1 && everywhere && !except.contains(entry.getKey()))
            {
                fixed.add(entry.getKey() + "=" + entry.getValue().iterator().next());
            }
        }
        return fixed.isEmpty() ? "" : "Held fixed: " + String.join(", ", fixed) + ".";
    }

    /**
     * @return the settings that tell apart rows of one algorithm, transport and n. A setting that
     *     differs only between algorithms or only with n (a timeout derived from the cluster size)
     *     names no line of its own: the legend names what a reader can compare.
     */
    static List<String> distinguishing(final List<RowKey> rows)
    {
        final SortedSet<String> names = new TreeSet<>();
        for (final RowKey row : rows)
        {
            names.addAll(row.settings().keySet());
        }
        final List<String> distinguishing = new ArrayList<>();
        for (final String name : names)
        {
            final Map<String, Set<String>> valuesByGroup = new HashMap<>();
            for (final RowKey row : rows)
            {
                valuesByGroup.computeIfAbsent(row.algorithm() + "|" + row.transport() + "|" + row.nodes(), key -> new HashSet<>())
                    .add(row.settings().getOrDefault(name, ""));
            }
            if (valuesByGroup.values().stream().anyMatch(values -> values.size() > 1))
            {
                distinguishing.add(name);
            }
        }
        return distinguishing;
    }

    static Map<String, List<RowKey>> byAlgorithm(final List<RowKey> rows)
    {
        final Map<String, List<RowKey>> byAlgorithm = new LinkedHashMap<>();
        for (final RowKey row : ordered(rows))
        {
            byAlgorithm.computeIfAbsent(row.algorithm(), key -> new ArrayList<>()).add(row);
        }
        return byAlgorithm;
    }

    /**
     * @return the on/off options that tell variants of one algorithm apart within one scenario (raft's pre-vote,
     *     check-quorum, ...): a setting that only differs between scenarios (a lossy scenario's FIFO) names no variant.
     */
    static List<String> variants(final Collection<RowKey> rows)
    {
        final SortedSet<String> names = new TreeSet<>();
        rows.forEach(row -> names.addAll(row.settings().keySet()));
        final List<String> onOff = new ArrayList<>();
        for (final String name : names)
        {
            final Map<String, Set<String>> valuesByGroup = new HashMap<>();
            boolean onOffOnly = true;
            for (final RowKey row : rows)
            {
                final String value = row.settings().get(name);
                onOffOnly &= null == value || "on".equals(value) || "off".equals(value);
                valuesByGroup.computeIfAbsent(row.scenario() + "|" + row.algorithm() + "|" + row.transport() + "|" + row.nodes(),
                    key -> new HashSet<>()).add(null == value ? "" : value);
            }
            if (onOffOnly && valuesByGroup.values().stream().anyMatch(values -> values.size() > 1))
            {
                onOff.add(name);
            }
        }
        return onOff;
    }
}
