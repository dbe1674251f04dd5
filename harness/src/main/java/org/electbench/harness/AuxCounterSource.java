package org.electbench.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.MetricKind;
import org.electbench.transport.metrics.Metrics;

/**
 * Writes the source of the benchmarks' JMH auxiliary counters from the metric declarations, at
 * build time (JMH finds counters as public fields, so they must exist when the benchmarks
 * compile): one {@code long} per declared metric of {@link Metrics#STANDARD} — a distribution's
 * sum as {@code <name>Ns} and its runs with a value as {@code <name>Samples}, a count's or a
 * level's sum as {@code <name>}, a violation's broken runs as {@code <name>} — and
 * {@code elections}, to divide by. Adding a metric to the declarations adds its counter.
 */
public final class AuxCounterSource
{
    private AuxCounterSource()
    {
    }

    /**
     * @param args output source root, package, class name, counter type (EVENTS or OPERATIONS).
     */
    public static void main(final String[] args) throws IOException
    {
        final Path root = Path.of(args[0]);
        final String packageName = args[1];
        final String className = args[2];
        final Path file = root.resolve(packageName.replace('.', '/')).resolve(className + ".java");
        Files.createDirectories(file.getParent());
        final String source = source(Metrics.STANDARD, packageName, className);
        if (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(source))
        {
            Files.writeString(file, source, StandardCharsets.UTF_8);
        }
    }

    /** @return the counter field names for the metrics, in order, after {@code elections}. */
    public static List<String> fieldNames(final Metric metric)
    {
        return metric.kind() == MetricKind.DISTRIBUTION ?
            List.of(metric.name() + "Ns", metric.name() + "Samples") : List.of(metric.name());
    }

    /**
     * @param metrics     the declarations (per-type message counts excluded: they differ by algorithm).
     * @param packageName the generated class's package.
     * @param className   its name.
     * @return the Java source of a JMH {@code @AuxCounters(Type.EVENTS)} thread state.
     */
    public static String source(final List<Metric> metrics, final String packageName, final String className)
    {
        final StringBuilder java = new StringBuilder();
        java.append("package ").append(packageName).append(";\n\n")
            .append("import java.util.List;\n\n")
            .append("import org.electbench.transport.metrics.Metric;\n")
            .append("import org.electbench.transport.metrics.Metrics;\n")
            .append("import org.electbench.transport.metrics.Sample;\n")
            .append("import org.openjdk.jmh.annotations.AuxCounters;\n")
            .append("import org.openjdk.jmh.annotations.Scope;\n")
            .append("import org.openjdk.jmh.annotations.Setup;\n")
            .append("import org.openjdk.jmh.annotations.Level;\n")
            .append("import org.openjdk.jmh.annotations.State;\n\n")
            .append("/**\n * Generated at build time from the metric declarations by AuxCounterSource; do not edit.\n")
            .append(" * Single-shot EVENTS counters are summed over iterations: divide by {@code elections}.\n */\n")
            .append("@State(Scope.Thread)\n@AuxCounters(AuxCounters.Type.EVENTS)\n")
            .append("public class ").append(className).append("\n{\n")
            .append("    private static final List<Metric> METRICS = Metrics.STANDARD;\n\n")
            .append("    public long elections;\n");
        for (final Metric metric : metrics)
        {
            for (final String field : fieldNames(metric))
            {
                java.append("    /** ").append(metric.description().replace("*/", "* /")).append(" */\n")
                    .append("    public long ").append(field).append(";\n");
            }
        }
        java.append("\n    static\n    {\n")
            .append("        if (METRICS.size() != ").append(metrics.size()).append(")\n        {\n")
            .append("            throw new IllegalStateException(\"counters were generated from other declarations; rebuild\");\n")
            .append("        }\n    }\n\n");
        java.append("    @Setup(Level.Iteration)\n    public void reset()\n    {\n        elections = 0;\n");
        for (final Metric metric : metrics)
        {
            for (final String field : fieldNames(metric))
            {
                java.append("        ").append(field).append(" = 0;\n");
            }
        }
        java.append("    }\n\n");
        java.append("    /** Adds one election's readings; with paired false, skips the metrics only a floor gives. */\n")
            .append("    public void add(final Sample sample, final boolean paired)\n    {\n")
            .append("        if (!paired)\n        {\n            elections++;\n        }\n")
            .append("        long value;\n");
        for (int i = 0; i < metrics.size(); i++)
        {
            final Metric metric = metrics.get(i);
            final List<String> fields = fieldNames(metric);
            java.append("        if (paired == METRICS.get(").append(i).append(").isPairedOnly())\n        {\n")
                .append("            value = METRICS.get(").append(i).append(").read(sample);\n");
            if (metric.kind() == MetricKind.DISTRIBUTION)
            {
                java.append("            if (METRICS.get(").append(i).append(").present(value))\n            {\n")
                    .append("                ").append(fields.get(0)).append(" += value;\n")
                    .append("                ").append(fields.get(1)).append("++;\n")
                    .append("            }\n");
            }
            else
            {
                java.append("            if (METRICS.get(").append(i).append(").present(value))\n            {\n")
                    .append("                ").append(fields.get(0)).append(" += value;\n")
                    .append("            }\n");
            }
            java.append("        }\n");
        }
        java.append("    }\n}\n");
        return java.toString();
    }
}
