package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;
import org.electbench.reporting.OutputFormat;
import org.junit.jupiter.api.Test;

/**
 * What {@code observe} prints of a cluster of processes: the settings the nodes ran, never a
 * modelled network (the simulator's default delay, loss and FIFO), which they did not run on.
 */
class ObservedReportTest
{
    @Test
    void observedReportStatesTheSettingsButNoModelledNetwork()
    {
        final SimulateCommandTest.Outcome simulated = SimulateCommandTest.electbench("simulate", "--nodes", "3", "--heartbeat", "20ms",
            "--detection-timeout", "100ms", "--format", "json");
        assertEquals(0, simulated.exitCode(), simulated.err());
        final RunReport report = RunReportCodec.fromJson(simulated.out());
        assertEquals("constant:1ms", report.parameter("delay"));

        final RunReport observed = ObserveCommand.observed(report);
        assertFalse(observed.parameters().containsKey("delay") || observed.parameters().containsKey("loss") ||
            observed.parameters().containsKey("fifo"), observed.parameters().toString());
        assertEquals(report.parameters().size() - 3, observed.parameters().size(), observed.parameters().toString());
        assertEquals("20ms", observed.parameter("heartbeat"));
        assertEquals(report.metrics(), observed.metrics());

        final StringWriter table = new StringWriter();
        RunWriters.write(OutputFormat.TABLE, observed, new PrintWriter(table, true));
        assertTrue(table.toString().contains("heartbeat=20ms") && table.toString().contains("detectionTimeout=100ms"), table.toString());
        assertFalse(table.toString().contains("delay=") || table.toString().contains("loss=") || table.toString().contains("fifo="),
            table.toString());
    }
}
