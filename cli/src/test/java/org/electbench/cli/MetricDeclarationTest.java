package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.electbench.analysis.Tables;
import org.electbench.harness.AuxCounterSource;
import org.electbench.harness.Environment;
import org.electbench.harness.RunReport;
import org.electbench.harness.SeededRuns;
import org.electbench.reporting.OutputFormat;
import org.electbench.sim.SimRuntime;
import org.electbench.transport.Detectors;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.MetricUnit;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.Test;

/**
 * A metric declared in one place reaches every writer: the table, CSV, JSON and the benchmarks'
 * auxiliary counters, with no writer touched.
 */
class MetricDeclarationTest
{
    /** Bully with the lowest detector, n = 8: node 1's ELECTION reaches the 6 live higher ids and the dead 8, 7 of them. */
    private static final Metric ELECTIONS_FROM_LOWEST = Metric.count("electionsSeen", MetricUnit.MESSAGES,
        "ELECTION messages (a test's own metric)", sample -> sample.result().messages(sample.result().typeNames().indexOf("ELECTION")));

    @Test
    void aMetricAddedInOnePlaceAppearsInTableCsvJsonAndCounters() throws Exception
    {
        final List<Metric> declared = new ArrayList<>(Metrics.STANDARD);
        declared.add(ELECTIONS_FROM_LOWEST);
        final Scenario scenario = Scenario.builder().algorithm("bully").nodes(8).kind(ScenarioKind.LEADER_CRASH)
            .detect(Detectors.LOWEST).seed(3).build();
        final RunReport report = new SeededRuns().run(new SimRuntime(), scenario, 4, SeededRuns.Progress.NONE,
            Metrics.withTypes(declared, scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType()))
            .report(Environment.capture(3, "test"));
        final int n = 8;
        final long expected = n * (n - 1) / 2;

        final String table = write(OutputFormat.TABLE, report);
        assertTrue(table.contains("| bully "), table);
        // Printed alone, the table says how to get its other columns, not that files lie beside it.
        assertTrue(table.contains(RunWriters.EVERY_COLUMN_ALONE) && !table.contains(Tables.EVERY_COLUMN), table);

        final List<CSVRecord> csv = CSVFormat.RFC4180.parse(new StringReader(write(OutputFormat.CSV, report))).getRecords();
        final String column = csv.get(0).toList().stream().filter(id -> id.startsWith("electionsSeen_")).findFirst().orElseThrow();
        assertEquals(String.valueOf(expected), csv.get(1).get(csv.get(0).toList().indexOf(column)), csv.toString());

        final JsonNode json = new ObjectMapper().readTree(write(OutputFormat.JSON, report));
        assertEquals(expected, SimulateCommandTest.metric(json, "electionsSeen").get("mean").asLong());
        assertEquals("count", SimulateCommandTest.metric(json, "electionsSeen").get("kind").asText());

        final String counters = AuxCounterSource.source(declared, "org.electbench.bench", "ElectionCounters");
        assertTrue(counters.contains("    public long electionsSeen;\n"), counters);
        assertTrue(counters.contains("            electionsSeen += value;\n"), counters);
    }

    private static String write(final OutputFormat format, final RunReport report)
    {
        final StringWriter out = new StringWriter();
        RunWriters.write(format, report, new PrintWriter(out, true));
        return out.toString();
    }
}
