package org.electbench.analysis;

import java.awt.Font;
import java.util.ArrayList;
import java.util.List;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.NamedChart;

/**
 * The charts of a run, drawn with XChart from {@link RunData}: every {@link ChartKind} in its order, those per
 * scenario for each scenario first. Which figures a chart shows is chosen by metric name (the declarations'
 * {@code convergence}, {@code messages}, {@code splitBrainTime}, every {@code violation}), never from a list kept here
 * of columns.
 * <p>
 * A full run has hundreds of rows, so a chart is small multiples: a panel per transport and per combination of the
 * settings that tell rows apart, titled with them, each holding a few lines named only by what differs between them
 * (the algorithm and its variant, or n), in one order ({@link RowGroups#order}). An algorithm keeps its colour and
 * marker in every chart; lines with the same values are drawn once and named together; the settings every row of a
 * chart shares are stated above it; rows the host made late are drawn grey and dotted and named so, as the tables
 * mark them.
 */
public final class Charts
{
    static final String CONVERGENCE = "convergence";
    static final String MESSAGES = "messages";
    static final int WIDTH = ChartStyle.WIDTH;
    static final Font TICK_FONT = ChartStyle.TICK_FONT;

    private Charts()
    {
    }

    /** @return every chart the data has figures for, in a fixed order. */
    public static List<NamedChart> all(final RunData data)
    {
        final ChartStyle.Series style = style(data);
        final List<NamedChart> charts = new ArrayList<>();
        for (final String scenario : data.scenarios())
        {
            for (final ChartKind kind : ChartKind.all())
            {
                if (kind.perScenario())
                {
                    charts.addAll(kind.create().draw(data, style, scenario));
                }
            }
        }
        for (final ChartKind kind : ChartKind.all())
        {
            if (!kind.perScenario())
            {
                charts.addAll(kind.create().draw(data, style, null));
            }
        }
        return charts;
    }

    /** @return each algorithm's colour and marker, the same in every chart of the run. */
    static ChartStyle.Series style(final RunData data)
    {
        final List<String> algorithms = new ArrayList<>();
        data.rows().forEach(row -> algorithms.add(row.algorithm()));
        return new ChartStyle.Series(algorithms);
    }

    static double value(final RunData data, final RowKey row, final String columnId)
    {
        return RowGroups.value(data, row, columnId);
    }

    static List<String> distinguishing(final List<RowKey> rows)
    {
        return RowGroups.distinguishing(rows);
    }

    static String heldFixed(final List<RowKey> rows, final List<String> except)
    {
        return RowGroups.heldFixed(rows, except);
    }

    static String safe(final String text)
    {
        return ChartStyle.safe(text);
    }
}
