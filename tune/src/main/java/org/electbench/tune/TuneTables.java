package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.electbench.reporting.Table;
import org.electbench.spi.AlgorithmRegistry;

/**
 * {@code tune}'s findings as analysis' one table model ({@link Table}): the terminal prints its
 * compact view as markdown ({@code TableFormat.MARKDOWN}) and the JSON its full set, each column
 * id a path in the JSON document ({@code failoverNs.p99} is {@code "failoverNs": {"p99": …}}). The
 * columns of a measured setting (failover, false elections and their bound, the detector's
 * quality) are declared once here, for the sweep's rows, the presets and {@code --system}'s
 * configurations alike.
 */
public final class TuneTables
{
    private TuneTables()
    {
    }

    /**
     * One declared column: its place in the model and how a row's value is read.
     *
     * @param column the model's column.
     * @param value  the value of a row.
     * @param <T>    what a row is made from.
     */
    public record Col<T>(Table.Column column, Function<T, Table.Value> value)
    {
        static <T> Col<T> of(final String id, final String header, final boolean compact, final boolean full, final boolean numeric,
            final Function<T, Table.Value> value)
        {
            return new Col<>(new Table.Column(id, header, compact, full, numeric), value);
        }
    }

    /** @return a table of rows made from items by the declared columns. */
    public static <T> Table table(final String id, final String title, final List<String> notes, final List<Col<T>> columns,
        final List<T> items)
    {
        final List<List<Table.Value>> rows = new ArrayList<>();
        for (final T item : items)
        {
            final List<Table.Value> row = new ArrayList<>(columns.size());
            for (final Col<T> column : columns)
            {
                row.add(null == item ? Table.Value.NONE : column.value().apply(item));
            }
            rows.add(row);
        }
        return new Table(id, title, notes, columns.stream().map(Col::column).toList(), rows);
    }

    /**
     * The outcome of a setting: failover p50/p99/max (blank when not simulated), false elections
     * per day with the bound and its parts, what the bound rests on, and the detector's quality.
     *
     * @param failover       a row's failover, or null.
     * @param falseElections a row's false elections.
     * @param <T>            what a row is made from.
     * @return the columns, in order.
     */
    public static <T> List<Col<T>> outcome(final Function<T, Evaluation.Failover> failover,
        final Function<T, Evaluation.FalseElections> falseElections)
    {
        final Function<T, Evaluation.Quality> quality = falseElections.andThen(Evaluation.FalseElections::quality);
        return List.of(
            Col.of("failoverNs.p50", "fail p50", true, true, true, row -> duration(failover.apply(row), Evaluation.Failover::p50Ns)),
            Col.of("failoverNs.p99", "fail p99", true, true, true, row -> duration(failover.apply(row), Evaluation.Failover::p99Ns)),
            Col.of("failoverNs.max", "fail max", true, true, true, row -> duration(failover.apply(row), Evaluation.Failover::maxNs)),
            Col.of("falseElectionsPerDay.estimate", "false/day", true, true, true,
                row -> rate(falseElections.apply(row).estimatePerDay())),
            Col.of("falseElectionsPerDay.upper", "false/day 95% bound", true, true, true,
                row -> rate(falseElections.apply(row).upperPerDay())),
            Col.of("falseElectionsPerDay.network", "network part", false, true, true,
                row -> rate(falseElections.apply(row).networkPerDay())),
            Col.of("falseElectionsPerDay.networkUpper", "network part bound", false, true, true,
                row -> rate(falseElections.apply(row).networkUpperPerDay())),
            Col.of("falseElectionsPerDay.pauses", "pause part", false, true, true,
                row -> rate(falseElections.apply(row).pausePerDay())),
            Col.of("falseElectionsPerDay.pausesUpper", "pause part bound", false, true, true,
                row -> rate(falseElections.apply(row).pauseUpperPerDay())),
            Col.of("falseElectionsPerDay.bound", "bound rests on", false, true, false,
                row -> Table.Value.text(falseElections.apply(row).bound())),
            Col.of("detector.detectionNs", "T_D", false, true, true, row -> nanos(quality.apply(row).detectionNs())),
            Col.of("detector.worstDetectionNs", "T_D at most", false, true, true, row -> nanos(quality.apply(row).worstDetectionNs())),
            Col.of("detector.mistakeRecurrenceNs", "T_MR", false, true, true, row ->
                new Table.Value(TuneFormat.span(quality.apply(row).mistakeRecurrenceNs()), quality.apply(row).mistakeRecurrenceNs())),
            Col.of("detector.mistakeDurationNs", "T_M", false, true, true, row -> nanos(quality.apply(row).mistakeDurationNs())),
            Col.of("detector.queryAccuracy", "P_A", false, true, true, row ->
                new Table.Value(TuneFormat.accuracy(quality.apply(row).queryAccuracy()), quality.apply(row).queryAccuracy())));
    }

    /** The columns of one algorithm's setting: its name, the setting as a reader and as {@code simulate} reads it, its outcome and lints. */
    static List<Col<Evaluation>> evaluation()
    {
        final List<Col<Evaluation>> columns = new ArrayList<>(List.of(
            Col.of("algorithm", "algorithm", true, true, false, evaluation -> Table.Value.text(evaluation.algorithm())),
            Col.of("setting", "setting", true, false, false, evaluation -> Table.Value.text(evaluation.setting().toString())),
            Col.of("flags", "simulate flags", false, true, false, evaluation ->
            {
                final List<String> flags = evaluation.setting().flags(AlgorithmRegistry.instance().get(evaluation.algorithm()));
                return new Table.Value(String.join(" ", flags), flags);
            })));
        columns.addAll(outcome(Evaluation::failover, Evaluation::falseElections));
        columns.add(Col.of("lints", "lints", false, true, false, evaluation ->
            new Table.Value(String.join("; ", evaluation.lints()), evaluation.lints())));
        return columns;
    }

    /**
     * @param report a tuning run.
     * @return per algorithm its recommended setting, or a row naming only the algorithm when none met the target.
     */
    public static Table recommended(final TuneReport report)
    {
        final List<Col<TuneReport.AlgorithmResult>> columns = new ArrayList<>();
        columns.add(Col.of("algorithm", "algorithm", true, true, false, result -> Table.Value.text(result.algorithm())));
        final List<Col<Evaluation>> evaluation = evaluation();
        for (final Col<Evaluation> column : evaluation.subList(1, evaluation.size()))
        {
            columns.add(new Col<>(column.column(), result ->
                null == result.recommended() ? Table.Value.NONE : column.value().apply(result.recommended())));
        }
        return table("recommended", "Recommended: the fastest failover p99 whose 95% bound on false elections meets the target",
            List.of(), columns, report.algorithms());
    }

    /**
     * @param report   a tuning run.
     * @param frontier only the settings on the frontier (lint-clean, no other better on both failover p99 and the bound, the
     *                 recommended always), as the terminal shows them; false for every setting tried, as the JSON lists them.
     * @return the settings with their verdicts.
     */
    public static Table settings(final TuneReport report, final boolean frontier)
    {
        final List<Verdict> rows = new ArrayList<>();
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            for (int index = 0; index < result.evaluations().size(); index++)
            {
                final Evaluation evaluation = result.evaluations().get(index);
                if (!frontier || evaluation == result.recommended() || TuneReport.onFrontier(evaluation, result.evaluations()))
                {
                    rows.add(new Verdict(evaluation, result.verdicts().get(index)));
                }
            }
        }
        final List<Col<Verdict>> columns = new ArrayList<>();
        for (final Col<Evaluation> column : evaluation())
        {
            columns.add(new Col<>(column.column(), row -> column.value().apply(row.evaluation())));
        }
        columns.add(Col.of("verdict", "verdict", true, true, false, row -> Table.Value.text(row.verdict())));
        return frontier ?
            table("frontier", "Frontier: lint-clean settings no other beats on both failover p99 and the false-election bound",
                List.of(), columns, rows) :
            table("settings", "Every setting tried", List.of(), columns, rows);
    }

    /** @return each preset on each algorithm: a real system's defaults as a failure detector on this network. */
    public static Table presets(final TuneReport report)
    {
        final List<Col<TuneReport.PresetResult>> columns = new ArrayList<>();
        columns.add(Col.of("preset", "preset", true, true, false, preset -> Table.Value.text(preset.preset().cliName())));
        for (final Col<Evaluation> column : evaluation())
        {
            columns.add(new Col<>(column.column(), preset -> column.value().apply(preset.evaluation())));
        }
        return table("presets", "Presets: a real system's default knobs as a failure detector on this network", List.of(), columns,
            report.presets());
    }

    /** A setting and why it won or lost. */
    private record Verdict(Evaluation evaluation, String verdict)
    {
    }

    private static Table.Value duration(final Evaluation.Failover failover, final Function<Evaluation.Failover, Long> part)
    {
        return null == failover ? Table.Value.NONE : nanos(part.apply(failover));
    }

    static Table.Value nanos(final long ns)
    {
        return new Table.Value(TuneFormat.duration(ns), ns);
    }

    static Table.Value rate(final double perDay)
    {
        return new Table.Value(TuneFormat.number(perDay), perDay);
    }
}
