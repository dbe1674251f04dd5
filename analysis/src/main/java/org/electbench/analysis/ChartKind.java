package org.electbench.analysis;

import java.util.List;
import java.util.function.Supplier;

/**
 * Every chart a report draws, in the report's order (as Caffeine's simulator registers its report formats): those
 * drawn per scenario, then those drawn once per run.
 */
enum ChartKind
{
    CDF(true, PercentilePlot::new),
    CONVERGENCE_VS_N(true, ConvergenceVsNodes::new),
    MESSAGES_VS_N(true, MessagesVsNodes::new),
    CONVERGENCE_VS_ELECTION_TIMEOUT(true, () -> new ConvergenceVsSetting(RowKeys.ELECTION_TIMEOUT, "election timeout T_elec")),
    CONVERGENCE_VS_HEARTBEAT(true, () -> new ConvergenceVsSetting(RowKeys.HEARTBEAT, "heartbeat interval HBT")),
    ALLOCATION(false, AllocationChart::new),
    SPLIT_BRAIN_TIME(false, SplitBrainTimeChart::new),
    VIOLATIONS(false, ViolationsChart::new),
    AVAILABILITY(false, () -> (data, style, scenario) -> Incidents.charts(data)),
    TREND(false, () -> (data, style, scenario) -> RowGroups.listOf(Trend.chart(data))),
    REFERENCE(false, () -> (data, style, scenario) -> RowGroups.listOf(ReferenceChart.chart(data)));

    private final boolean perScenario;
    private final Supplier<ReportChart> factory;

    ChartKind(final boolean perScenario, final Supplier<ReportChart> factory)
    {
        this.perScenario = perScenario;
        this.factory = factory;
    }

    boolean perScenario()
    {
        return perScenario;
    }

    ReportChart create()
    {
        return factory.get();
    }

    static List<ChartKind> all()
    {
        return List.of(values());
    }
}
