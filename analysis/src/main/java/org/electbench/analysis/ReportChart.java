package org.electbench.analysis;

import java.util.List;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.NamedChart;

/** One chart of a report, drawn from a run's rows; {@link ChartKind} registers each. */
interface ReportChart
{
    /**
     * @param data the run.
     * @param style each algorithm's colour and marker, the same in every chart.
     * @param scenario the scenario for a chart drawn per scenario, null for one drawn per run.
     * @return the figures it has data for, none where it has none.
     */
    List<NamedChart> draw(RunData data, ChartStyle.Series style, String scenario);
}
