package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import java.util.stream.Stream;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scenario and every delay shape, read back with a CSV reader: one header, one record,
 * as many fields in each, the delay (which may hold a comma) one field.
 */
class CsvOutputTest
{
    static Stream<Arguments> scenariosAndDelays()
    {
        final List<String> delays = List.of("constant:1ms", "uniform:1ms,3ms", "exponential:1ms", "lognormal:1ms,0.5");
        return Stream.of(ScenarioKind.values())
            .filter(kind -> kind != ScenarioKind.CUSTOM)
            .flatMap(kind -> delays.stream().map(delay -> Arguments.of(kind.cliName(), delay)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("scenariosAndDelays")
    void csvHasOneHeaderAndOneRecordOfEqualWidthWhateverTheScenarioAndDelay(final String scenario, final String delay)
        throws Exception
    {
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("simulate", "--nodes", "5", "--scenario", scenario,
            "--delay", delay, "--runs", "2", "--format", "csv");
        assertEquals(0, outcome.exitCode(), outcome.err());
        final List<CSVRecord> records = CSVFormat.RFC4180.parse(new StringReader(outcome.out())).getRecords();
        assertEquals(2, records.size(), outcome.out());
        assertEquals(records.get(0).size(), records.get(1).size(), outcome.out());
        final int delayColumn = records.get(0).toList().indexOf("delay");
        assertEquals(delay, records.get(1).get(delayColumn));
        assertEquals(scenario, records.get(1).get(records.get(0).toList().indexOf("scenario")));
        assertTrue(records.get(0).toList().contains("convergence.p99_ns"), records.get(0).toString());
    }
}
