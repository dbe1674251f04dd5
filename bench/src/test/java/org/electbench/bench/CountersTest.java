package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.electbench.harness.AuxCounterSource;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.Test;

class CountersTest
{
    @Test
    void theCompiledCountersAreTheDeclaredMetricsInOrder()
    {
        final List<String> expected = new ArrayList<>(List.of("elections"));
        for (final Metric metric : Metrics.STANDARD)
        {
            expected.addAll(AuxCounterSource.fieldNames(metric));
        }
        final List<String> fields = new ArrayList<>();
        for (final Field field : ElectionCounters.class.getDeclaredFields())
        {
            if (Modifier.isPublic(field.getModifiers()) && field.getType() == long.class)
            {
                fields.add(field.getName());
            }
        }
        assertEquals(expected, fields);
    }

    @Test
    void jarDefaultsAddEveryRegisteredAlgorithmTheReadingsProfilerAndTheForksExports()
    {
        final String[] args = BenchMain.withDefaults(new String[]{"ConvergenceBenchmark", "-jvmArgsAppend", "-Xmx1g"});
        assertEquals(List.of("ConvergenceBenchmark", "-jvmArgsAppend", "-Xmx1g " + BenchMain.AGRONA_EXPORTS,
            "-p", "algorithm=" + String.join(",", BenchMain.registeredAlgorithms()), "-prof", PerElectionProfiler.class.getName()), List.of(args));
    }
}
