package org.electbench.analysis;

import org.electbench.reporting.NamedChart;
import org.electbench.reporting.Numbers;
import org.electbench.reporting.Table;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.incident.Incident;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.parameters.RunParameters;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * The scenarios that reproduce published incidents (a long, partial disturbance: {@link Incident}):
 * per scenario a table that sets the algorithms and raft's variants side by side on the
 * disturbance figures, and availability over time, a strip per algorithm and variant (the
 * disturbance in {@value ElectionResult.Disturbance#BINS} equal parts, each coloured by the share
 * of runs and time a majority named one live leader, and beside it the share with two or more
 * leaders anywhere in its own colour), so a reader sees who settles, who flaps, who never has a
 * leader while the fault lasts and who keeps a second one.
 */
final class Incidents
{
    static final String STABLE_LEADER = "stableLeader";
    static final String LEADER_CHANGES = "leaderChanges";
    static final String LEADER_CHANGES_PER_MINUTE = "leaderChangesPerMinute";
    static final String ELECTION_TRAFFIC_PER_MINUTE = "electionTrafficPerMinute";
    static final String AVAILABILITY = "availability";
    static final String SPLIT_BRAIN_TIME = "splitBrainTime";
    static final String NO_MAJORITY_LEADER_TIME = "noMajorityLeaderTime";
    static final String DEPOSED_LEADER_TIME = "deposedLeaderTime";
    static final String FIRST_LEADER = "firstLeader";
    private static final List<String> SAFETY = List.of("splitBrain", "sameTerm");
    /** Red (no leader) through yellow to green (a leader all the time). */
    private static final Color[] RANGE = {new Color(0xd73027), new Color(0xfee08b), new Color(0x1a9850)};
    /** White (one leader at most) to purple (two or more leaders all the time): split brain in a colour of its own. */
    private static final Color[] SPLIT_RANGE = {Color.WHITE, new Color(0x762a83)};
    private static final int STRIP_PX = 34;

    private Incidents()
    {
    }

    /** @return the incident the scenario reproduces, or null for a textbook scenario. */
    static Incident incident(final String scenario)
    {
        for (final ScenarioKind kind : ScenarioKind.values())
        {
            if (kind.cliName().equals(scenario))
            {
                return kind.incident();
            }
        }
        return null;
    }

    /** @return the incident scenarios the data has rows of, in order. */
    static List<String> scenarios(final RunData data)
    {
        final List<String> scenarios = new ArrayList<>();
        for (final String scenario : data.scenarios())
        {
            if (null != incident(scenario))
            {
                scenarios.add(scenario);
            }
        }
        return scenarios;
    }

    /**
     * @return the label of a row among the scenario's: its algorithm, and the settings that tell its variants apart, an
     *     option switched on by its initials (raft's pre-vote on and check-quorum on: {@code raft CQ+PV}), one off left out,
     *     any other as {@code name=value}; {@link #variantNote} explains the initials once.
     */
    static String label(final RowKey row, final List<String> variants)
    {
        final List<String> parts = new ArrayList<>();
        for (final String variant : variants)
        {
            final String value = row.settings().get(variant);
            if (null == value || "off".equals(value))
            {
                continue;
            }
            parts.add("on".equals(value) ? initials(variant) : variant + "=" + value);
        }
        return parts.isEmpty() ? row.algorithm() : row.algorithm() + " " + String.join("+", parts);
    }

    /** @return {@code PV} for {@code pre-vote}: the first letter of each word, upper case. */
    static String initials(final String name)
    {
        final StringBuilder initials = new StringBuilder();
        for (final String word : name.split("[-_ ]+"))
        {
            if (!word.isEmpty())
            {
                initials.append(Character.toUpperCase(word.charAt(0)));
            }
        }
        return initials.toString();
    }

    /** @return the sentence that says once what each variant's initials stand for; empty when no label uses them. */
    static String variantNote(final List<RowKey> rows, final List<String> variants)
    {
        final List<String> used = new ArrayList<>();
        for (final String variant : variants)
        {
            if (rows.stream().anyMatch(row -> "on".equals(row.settings().get(variant))))
            {
                used.add(initials(variant) + " = " + variant + " on");
            }
        }
        return used.isEmpty() ? "" : "Variants: " + String.join(", ", used) + "; a label without one ran with it off.";
    }

    /** @return the settings that tell rows of one algorithm, transport and n apart, but the derived T_coord and marks' reasons. */
    static List<String> variants(final List<RowKey> rows)
    {
        final List<String> variants = new ArrayList<>(Charts.distinguishing(rows));
        variants.remove(RunParameters.COORDINATOR_TIMEOUT.key());
        // A mark's reason follows from the settings that set it, never tells rows apart by itself.
        variants.remove(SameQuestion.DISTORTION);
        variants.remove(SameQuestion.HANDICAP);
        return variants;
    }

    /**
     * @return the mean availability over the runs, in thousandths: the mean of the per-run metric (its cell holds the
     *     best run), or where a run folder predates it, the mean of its parts; NaN without either.
     */
    static double availability(final RunData data, final RowKey row)
    {
        final double perRun = data.mean(row, AVAILABILITY);
        if (!Double.isNaN(perRun))
        {
            return perRun;
        }
        double sum = 0;
        for (int bin = 0; bin < ElectionResult.Disturbance.BINS; bin++)
        {
            final double part = Charts.value(data, row, binName(bin));
            if (Double.isNaN(part))
            {
                return Double.NaN;
            }
            sum += part;
        }
        return sum / ElectionResult.Disturbance.BINS;
    }

    static String binName(final int bin)
    {
        return Metrics.AVAILABILITY_OVER_TIME.get(bin).name();
    }

    /** @return the scenario's comparison table: a row per algorithm and variant, transport and n, on the disturbance figures. */
    static Table table(final RunData data, final String scenario)
    {
        final List<RowKey> rows = data.rows(scenario);
        final List<String> variants = variants(rows);
        final List<Table.Column> columns = List.of(
            new Table.Column("algorithm", "algorithm (variant)", true, false),
            new Table.Column("transport", "transport", true, false),
            new Table.Column("nodes", "n", true, true),
            new Table.Column("runs", "runs", true, true),
            new Table.Column("availability_pct", "leader agreed by a majority, mean % of the disturbance", true, true),
            new Table.Column("splitBrainTime_mean_ms", "two or more leaders anywhere, mean ms a run", true, true),
            new Table.Column("noMajorityLeaderTime_mean_ms", "no leader a majority follows, mean ms a run", true, true),
            new Table.Column("deposedLeaderTime_mean_ms", "a node led by a deposed leader, mean ms a run", true, true),
            new Table.Column("stableLeader_runs", "runs that settled (one leader, no other anywhere, by the end)", true, false),
            new Table.Column("stableLeader.p50_ms", "time to a stable leader p50 ms (95% CI)", true, true),
            new Table.Column("leaderChanges_mean", "leader changes per run", true, true),
            new Table.Column("leaderChangesPerMinute_max", "leader changes / min, worst run", true, true),
            new Table.Column("electionTrafficPerMinute_max", "election msgs / min, worst run", true, true),
            new Table.Column("safety_runs", "two leaders (runs)", true, false));
        final List<List<Table.Value>> values = new ArrayList<>();
        final List<RowKey> ordered = new ArrayList<>(rows);
        ordered.sort(java.util.Comparator.comparing(RowKey::transport).thenComparingInt(RowKey::nodes)
            .thenComparing(RowKey::algorithm).thenComparing(row -> row.settingsText(variants), RowKey.Settings.NATURAL));
        for (final RowKey row : ordered)
        {
            final double runs = Charts.value(data, row, JmhSource.ELECTIONS);
            final double availability = availability(data, row);
            final Histogram stable = data.histogram(row, STABLE_LEADER);
            final long settled = null == stable ? 0 : stable.getTotalCount();
            final Estimate stableP50 = Estimate.of(stable, 50);
            values.add(List.of(
                Table.Value.text(label(row, variants)),
                Table.Value.text(row.transport()),
                number(row.nodes(), String.valueOf(row.nodes())),
                Double.isNaN(runs) ? Table.Value.NONE : number(runs, Numbers.format(runs)),
                Double.isNaN(availability) ? Table.Value.NONE : number(availability / 10, Numbers.format(availability / 10)),
                milliseconds(data, row, SPLIT_BRAIN_TIME),
                milliseconds(data, row, NO_MAJORITY_LEADER_TIME),
                milliseconds(data, row, DEPOSED_LEADER_TIME),
                Double.isNaN(runs) ? Table.Value.NONE : Table.Value.text(settled + " of " + Math.round(runs)),
                null == stableP50 ? Table.Value.NONE : number(stableP50.value() / 1e6, interval(stableP50)),
                cell(data, row, LEADER_CHANGES),
                cell(data, row, LEADER_CHANGES_PER_MINUTE),
                cell(data, row, ELECTION_TRAFFIC_PER_MINUTE),
                Table.Value.text(safety(data, row))));
        }
        final List<String> notes = new ArrayList<>();
        final Incident incident = incident(scenario);
        if (null != incident)
        {
            // The description cites its published source.
            notes.add("What happens: " + incident.description() + ".");
        }
        notes.add("Over the disturbance (fault to heal): availability is the mean over the runs of each run's share of it with a " +
            "live leader named by a majority of the cluster; a run settled when one such leader had held office for the " +
            "stable window by the heal with no other leader anywhere (a minority's leader counts). From the fault to the " +
            "run's end: time with two or more leaders, time with no leader a majority follows, and time a node still " +
            "followed a deposed leader (a minority's, or one that crashed or stepped down).");
        final String variantNote = variantNote(rows, variants);
        if (!variantNote.isEmpty())
        {
            notes.add(variantNote);
        }
        return new Table("incident-" + scenario, scenario, notes, columns, values);
    }

    private static Table.Value number(final double value, final String text)
    {
        return new Table.Value(text, value);
    }

    /** @return a count of nanoseconds per run as milliseconds, or none. */
    private static Table.Value milliseconds(final RunData data, final RowKey row, final String column)
    {
        final double value = Charts.value(data, row, column);
        return Double.isNaN(value) ? Table.Value.NONE : number(value / 1e6, Numbers.format(value / 1e6));
    }

    private static Table.Value cell(final RunData data, final RowKey row, final String column)
    {
        final double value = Charts.value(data, row, column);
        return Double.isNaN(value) ? Table.Value.NONE : number(value, Numbers.format(value));
    }

    private static String interval(final Estimate estimate)
    {
        final String value = Numbers.format(estimate.value() / 1e6);
        return estimate.hasInterval() ? value + " (" + Numbers.format(estimate.low() / 1e6) + "–" + Numbers.format(estimate.high() / 1e6) + ")" :
            value;
    }

    private static String safety(final RunData data, final RowKey row)
    {
        final List<String> broken = new ArrayList<>();
        for (final String rule : SAFETY)
        {
            final double runs = Charts.value(data, row, rule);
            if (runs > 0)
            {
                broken.add(rule + " " + Numbers.format(runs));
            }
        }
        return broken.isEmpty() ? "none" : String.join(", ", broken);
    }

    static final String STRIP_STEM = "availability-over-time_";

    /** @return whether the figure is an incident's availability over time (drawn in the incidents' section). */
    static boolean isStrip(final NamedChart chart)
    {
        return chart.stem().startsWith(STRIP_STEM);
    }

    /** @return every incident scenario's availability-over-time strips. */
    static List<NamedChart> charts(final RunData data)
    {
        final List<NamedChart> charts = new ArrayList<>();
        for (final String scenario : scenarios(data))
        {
            final NamedChart chart = strips(data, scenario);
            if (null != chart)
            {
                charts.add(chart);
            }
        }
        return charts;
    }

    /**
     * @return availability over time for the scenario: per transport, at the n with the most algorithms and variants,
     *     a strip per algorithm and variant; null without the figures.
     */
    static NamedChart strips(final RunData data, final String scenario)
    {
        final List<RowKey> rows = data.rows(scenario);
        final List<String> variants = variants(rows);
        final SortedMap<String, SortedMap<Integer, List<RowKey>>> byTransport = new TreeMap<>();
        for (final RowKey row : rows)
        {
            if (!Double.isNaN(availability(data, row)))
            {
                byTransport.computeIfAbsent(row.transport(), key -> new TreeMap<>()).computeIfAbsent(row.nodes(), key -> new ArrayList<>()).add(row);
            }
        }
        final List<Chart<?, ?>> panels = new ArrayList<>();
        for (final Map.Entry<String, SortedMap<Integer, List<RowKey>>> transport : byTransport.entrySet())
        {
            int nodes = transport.getValue().lastKey();
            for (final Map.Entry<Integer, List<RowKey>> entry : transport.getValue().entrySet())
            {
                if (entry.getValue().size() >= transport.getValue().get(nodes).size())
                {
                    nodes = entry.getKey();
                }
            }
            final List<RowKey> strip = new ArrayList<>(transport.getValue().get(nodes));
            strip.sort(java.util.Comparator.comparing(row -> row.algorithm() + " " + row.settingsText(variants), RowKey.Settings.NATURAL));
            panels.add(strip(data, transport.getKey() + ", n=" + nodes, strip, variants, false));
            if (strip.stream().anyMatch(row -> !Double.isNaN(Charts.value(data, row, splitBinName(0)))))
            {
                panels.add(strip(data, transport.getKey() + ", n=" + nodes + ": two or more leaders anywhere", strip, variants, true));
            }
        }
        if (panels.isEmpty())
        {
            return null;
        }
        final List<String> notes = List.of(
            "A strip per algorithm and variant; the disturbance (fault to heal) in " + ElectionResult.Disturbance.BINS +
                " equal parts, each coloured by the share of its time, over all runs, with a live leader that a majority names: " +
                "green all of it, red none; beside it, in purple, the share with two or more live leaders anywhere (a " +
                "minority's leader counts), white none. " + Charts.heldFixed(rows, variants) + " " + variantNote(rows, variants));
        return new NamedChart(STRIP_STEM + Charts.safe(scenario), "Availability over time: " + scenario, scenario,
            panels, 1, notes);
    }

    static String splitBinName(final int bin)
    {
        return Metrics.SPLIT_BRAIN_OVER_TIME.get(bin).name();
    }

    private static HeatMapChart strip(
        final RunData data, final String title, final List<RowKey> rows, final List<String> variants, final boolean splitBrain)
    {
        final HeatMapChart chart = new HeatMapChartBuilder().width(Charts.WIDTH).height(150 + STRIP_PX * rows.size()).title(title)
            .xAxisTitle("part of the disturbance (% of its length, from the fault)").yAxisTitle("").build();
        final var styler = chart.getStyler();
        styler.setLocale(Locale.ROOT);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setAxisTickLabelsFont(Charts.TICK_FONT);
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setRangeColors(splitBrain ? SPLIT_RANGE : RANGE);
        styler.setMin(0);
        styler.setMax(100);
        styler.setShowValue(false);
        styler.setHeatMapValueDecimalPattern("0");
        styler.setPlotGridLinesVisible(false);
        final List<String> parts = new ArrayList<>();
        final int bins = ElectionResult.Disturbance.BINS;
        for (int bin = 0; bin < bins; bin++)
        {
            parts.add(Numbers.format(100.0 * bin / bins));
        }
        final List<String> labels = new ArrayList<>();
        final List<Number[]> heat = new ArrayList<>();
        for (int y = 0; y < rows.size(); y++)
        {
            final RowKey row = rows.get(y);
            labels.add(label(row, variants));
            for (int bin = 0; bin < bins; bin++)
            {
                heat.add(new Number[] {bin, y, Charts.value(data, row, splitBrain ? splitBinName(bin) : binName(bin)) / 10});
            }
        }
        chart.addSeries(splitBrain ? "% of the time with two or more leaders" : "% of the time with a majority leader", parts, labels,
            heat);
        return chart;
    }
}
