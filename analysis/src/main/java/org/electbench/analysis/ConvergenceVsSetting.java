package org.electbench.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.Lines;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.NaturalOrder;
import org.electbench.reporting.Numbers;
import org.electbench.transport.parameters.RunParameters;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Per scenario, convergence p50 against a duration setting where the scenario's rows vary it: a line per algorithm
 * variant (its options that vary, named in the legend), a panel per transport, n and value of the other run
 * parameters that vary; what stays fixed (the detection timeout against the heartbeat interval, above all) stated on
 * the chart.
 */
final class ConvergenceVsSetting implements ReportChart
{
    private final String setting;
    private final String label;

    ConvergenceVsSetting(final String setting, final String label)
    {
        this.setting = setting;
        this.label = label;
    }

    @Override
    public List<NamedChart> draw(final RunData data, final ChartStyle.Series style, final String scenario)
    {
        if (!data.settings(scenario).varying().contains(setting))
        {
            return List.of();
        }
        // Panels by the other run parameters that vary; an algorithm's own options name its line, not a panel.
        final List<String> others = new ArrayList<>(data.settings(scenario).varying());
        others.remove(setting);
        others.remove(RunParameters.COORDINATOR_TIMEOUT.key());
        others.removeIf(name -> null == RunParameters.find(name));
        // A line per variant: the on/off options that tell rows of one algorithm apart (raft's pre-vote), not every
        // option an algorithm has, nor a row's mark (distortion).
        final List<String> options = new ArrayList<>(RowGroups.variants(data.rows(scenario)));
        options.removeIf(name -> name.equals(setting) || null != RunParameters.find(name));
        final SortedMap<String, SortedMap<String, SortedMap<Double, RowKey>>> panels = new TreeMap<>(NaturalOrder.TEXT);
        final List<RowKey> used = new ArrayList<>();
        for (final RowKey row : RowGroups.ordered(data.rows(scenario)))
        {
            final double x = Numbers.toMillis(row.settings().getOrDefault(setting, ""));
            if (!Double.isNaN(x) && !Double.isNaN(RowGroups.value(data, row, Charts.CONVERGENCE + ".p50")))
            {
                final String panel = row.transport() + ", n=" + row.nodes() + RowGroups.spaced(row.settingsText(others));
                panels.computeIfAbsent(panel, key -> new TreeMap<>(NaturalOrder.TEXT))
                    .computeIfAbsent(Incidents.label(row, options), key -> new TreeMap<>()).put(x, row);
            }
        }
        final List<Chart<?, ?>> drawn = new ArrayList<>();
        final List<String> merged = new ArrayList<>();
        for (final Map.Entry<String, SortedMap<String, SortedMap<Double, RowKey>>> panel : panels.entrySet())
        {
            final XYChart chart = ChartStyle.panel(panel.getKey(), label + " (ms)", "convergence p50 (ms)", panels.size());
            final List<Lines.Line> lines = new ArrayList<>();
            for (final Map.Entry<String, SortedMap<Double, RowKey>> line : panel.getValue().entrySet())
            {
                if (line.getValue().size() >= 2)
                {
                    final String algorithm = line.getValue().values().iterator().next().algorithm();
                    lines.add(RowGroups.marked(data, RowGroups.line(line.getKey(), line.getValue(),
                        row -> RowGroups.value(data, row, Charts.CONVERGENCE + ".p50") / 1e6, style.colour(algorithm), style.marker(algorithm),
                        false, true), line.getValue()));
                    used.addAll(line.getValue().values());
                }
            }
            merged.addAll(Lines.add(chart, lines));
            if (!chart.getSeriesMap().isEmpty())
            {
                drawn.add(chart);
            }
        }
        if (drawn.isEmpty())
        {
            return List.of();
        }
        final List<String> notes = new ArrayList<>(List.of(setting + " varies along x. " + RowGroups.heldFixed(used, List.of(setting))));
        final List<String> moving = movesWith(used, others, options);
        if (!moving.isEmpty())
        {
            notes.add("Not held fixed: " + String.join(", ", moving) + " changed with " + setting + " (derived from it).");
        }
        Lines.noteMerged(merged, notes);
        notes.add(RowGroups.lateNote(data, used));
        return List.of(ChartStyle.figure("convergence-vs-" + ChartStyle.safe(setting) + "_" + ChartStyle.safe(scenario),
            "Convergence vs " + label + ": " + scenario, scenario, drawn, notes));
    }

    /**
     * @return the settings other than this chart's, the panels' and the lines' own whose value differs between the rows
     *     of one panel and line.
     */
    private List<String> movesWith(final List<RowKey> rows, final List<String> panelSettings, final List<String> options)
    {
        final SortedSet<String> moving = new TreeSet<>();
        final Map<String, Map<String, String>> first = new HashMap<>();
        for (final RowKey row : rows)
        {
            final String group = Incidents.label(row, options) + "|" + row.transport() + "|" + row.nodes() + "|" + row.settingsText(panelSettings);
            final Map<String, String> seen = first.computeIfAbsent(group, key -> new TreeMap<>(row.settings()));
            for (final Map.Entry<String, String> entry : row.settings().entrySet())
            {
                if (!entry.getKey().equals(setting) && !panelSettings.contains(entry.getKey()) &&
                    !options.contains(entry.getKey()) && !entry.getValue().equals(seen.get(entry.getKey())))
                {
                    moving.add(entry.getKey());
                }
            }
        }
        return new ArrayList<>(moving);
    }
}
