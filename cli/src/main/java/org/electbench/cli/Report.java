package org.electbench.cli;

import org.electbench.harness.Environment;
import org.electbench.harness.RunReport;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;

/**
 * One scenario's aggregated runs, with what produced them.
 *
 * @param scenario  the scenario of run 0 (its seed is the command's).
 * @param transport the runtime's name.
 * @param summary   the aggregated runs.
 * @param wallNs    wall time the runs took.
 */
record Report(Scenario scenario, String transport, Summary summary, long wallNs)
{
    /** @return the run report every writer prints from. */
    RunReport toRunReport(final String commandLine)
    {
        return RunReport.of(scenario, transport, summary, Environment.capture(scenario.seed(), commandLine), wallNs);
    }
}
