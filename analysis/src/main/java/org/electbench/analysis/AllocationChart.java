package org.electbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.NaturalOrder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Allocation on the message path, from JMH's gc profiler in the message-path benchmark: bytes per handled event
 * ({@code gc.alloc.rate.norm} × windows / events), and per election: that times the events an election took in the
 * convergence rows of the same algorithm and transport (leader-crash at the largest n both have). A bar per algorithm
 * variant, never one for several.
 */
final class AllocationChart implements ReportChart
{
    private static final String EVENTS = "events";

    @Override
    public List<NamedChart> draw(final RunData data, final ChartStyle.Series style, final String scenario)
    {
        final SortedMap<String, SortedMap<String, Double>> perEvent = new TreeMap<>(NaturalOrder.TEXT);
        final SortedMap<String, SortedMap<String, Double>> perElection = new TreeMap<>(NaturalOrder.TEXT);
        final SortedSet<String> basis = new TreeSet<>();
        final List<RowKey> measured = new ArrayList<>();
        for (final RowKey row : data.rows())
        {
            if (!Double.isNaN(RowGroups.value(data, row, JmhSource.ALLOCATION_PER_EVENT.name())))
            {
                measured.add(row);
            }
        }
        final List<String> variants = RowGroups.variants(measured);
        for (final RowKey row : RowGroups.ordered(measured))
        {
            final double bytes = RowGroups.value(data, row, JmhSource.ALLOCATION_PER_EVENT.name());
            final String name = Incidents.label(row, variants);
            perEvent.computeIfAbsent(name, key -> new TreeMap<>()).put(row.transport(), bytes);
            final RowKey election = electionRow(data, row);
            if (null != election)
            {
                perElection.computeIfAbsent(name, key -> new TreeMap<>()).put(row.transport(), bytes * RowGroups.value(data, election, EVENTS));
                basis.add(row.algorithm() + " " + election.scenario() + " n=" + election.nodes());
            }
        }
        if (perEvent.isEmpty())
        {
            return List.of();
        }
        final List<Chart<?, ?>> panels = new ArrayList<>();
        final int width = ChartStyle.WIDTH / ChartStyle.COLUMNS;
        final java.util.function.Function<String, java.awt.Color> colour = name -> style.colour(name.split(" ")[0]);
        panels.add(ChartStyle.bars("per handled event", "transport", "bytes allocated per event", width, ChartStyle.PANEL_HEIGHT, perEvent,
            colour));
        if (!perElection.isEmpty())
        {
            panels.add(ChartStyle.bars("per election", "transport", "bytes allocated per election", width, ChartStyle.PANEL_HEIGHT,
                perElection, colour));
        }
        final List<String> notes = new ArrayList<>();
        notes.add("JMH's gc profiler on the message-path benchmark (a settled cluster heartbeating): gc.alloc.rate.norm per window " +
            "× windows / events handled. Per election: that times the events (deliveries and timers) one election took" +
            (basis.isEmpty() ? "." : " (" + String.join("; ", basis) + ")."));
        notes.add(RowGroups.lateNote(data, measured));
        return List.of(ChartStyle.figure("allocation", "Allocation on the message path", null, panels, notes));
    }

    /** @return the convergence row of the benchmark row's algorithm and transport: leader-crash at its largest n, or null. */
    private static RowKey electionRow(final RunData data, final RowKey benchmark)
    {
        RowKey best = null;
        for (final RowKey row : data.rows("leader-crash"))
        {
            if (row.algorithm().equals(benchmark.algorithm()) && row.transport().equals(benchmark.transport()) &&
                !Double.isNaN(RowGroups.value(data, row, EVENTS)) && (null == best || row.nodes() > best.nodes()))
            {
                best = row;
            }
        }
        return best;
    }
}
