package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/** chaos's CSV comes from the one table model through Commons CSV: lists stay one field, seeds stay exact. */
class ChaosCsvTest
{
    @Test
    void csvAgreesWithJsonFieldForField() throws Exception
    {
        final String[] flags = {"chaos", "--algorithm", "bully", "--nodes", "5", "--schedules", "300", "--seed", "4",
            "--faults", "partition,oneway"};
        final SimulateCommandTest.Outcome csv = SimulateCommandTest.electbench(concat(flags, "--format", "csv"));
        assertEquals(0, csv.exitCode(), csv.err());
        final List<CSVRecord> records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
            .parse(new StringReader(csv.out())).getRecords();
        assertEquals(1, records.size());
        final Map<String, String> row = records.get(0).toMap();
        final JsonNode json = SimulateCommandTest.json(concat(flags, "--format", "json"));
        assertEquals("partition,oneway", row.get("faults"));
        assertEquals(json.path("schedules").asText(), row.get("schedules"));
        assertEquals(json.path("splitBrainSchedules").asText(), row.get("splitBrainSchedules"));
        assertEquals(json.path("firstViolationSeed").path("sameTermLeader").asText(), row.get("firstSeed.sameTermLeader"));
    }

    private static String[] concat(final String[] flags, final String... more)
    {
        final String[] all = java.util.Arrays.copyOf(flags, flags.length + more.length);
        System.arraycopy(more, 0, all, flags.length, more.length);
        return all;
    }
}
