package org.electbench.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.electbench.harness.JmhStages;
import org.electbench.spi.AlgorithmRegistry;

/**
 * The benchmark jar's entry point: JMH's own command line ({@code java -jar benchmarks.jar -h}),
 * with three additions so the jar needs no hand-kept lists and no extra flags. Unless {@code -p
 * algorithm=...} is given, every algorithm registered on the classpath is benchmarked (a plug-in
 * jar on the classpath joins in); the {@link PerElectionProfiler} profiler turns the counters into figures
 * per election in their units; and every forked JVM gets the export Agrona needs, appended to
 * any {@code -jvmArgsAppend} given (the manifest's Add-Exports reaches only this JVM).
 */
public final class BenchMain
{
    /** What every JVM running Agrona 2.x needs. */
    public static final String AGRONA_EXPORTS = JmhStages.AGRONA_EXPORTS;

    private BenchMain()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        RunWatch.start();
        org.openjdk.jmh.Main.main(withDefaults(args));
    }

    /** @return JMH's arguments with the registered algorithms and the forks' exports filled in. */
    static String[] withDefaults(final String[] args)
    {
        final List<String> out = new ArrayList<>();
        boolean algorithmGiven = false;
        boolean jvmArgsAppendGiven = false;
        boolean readingsGiven = false;
        for (int i = 0; i < args.length; i++)
        {
            final String arg = args[i];
            if ("-jvmArgsAppend".equals(arg) && i + 1 < args.length)
            {
                out.add(arg);
                out.add(args[++i] + " " + AGRONA_EXPORTS);
                jvmArgsAppendGiven = true;
                continue;
            }
            if ("-prof".equals(arg) && i + 1 < args.length && args[i + 1].startsWith(PerElectionProfiler.class.getName()))
            {
                readingsGiven = true;
            }
            if ("-p".equals(arg) && i + 1 < args.length && args[i + 1].startsWith("algorithm="))
            {
                algorithmGiven = true;
            }
            out.add(arg);
        }
        if (!algorithmGiven)
        {
            out.add("-p");
            out.add("algorithm=" + String.join(",", registeredAlgorithms()));
        }
        if (!readingsGiven)
        {
            out.add("-prof");
            out.add(PerElectionProfiler.class.getName());
        }
        if (!jvmArgsAppendGiven)
        {
            out.add("-jvmArgsAppend");
            out.add(AGRONA_EXPORTS);
        }
        return out.toArray(new String[0]);
    }

    /** @return every algorithm on the classpath. */
    static List<String> registeredAlgorithms()
    {
        final List<String> names = new ArrayList<>();
        AlgorithmRegistry.instance().names().forEach(names::add);
        return names;
    }

    /** @return the registered algorithms as a JMH parameter value list. */
    static String[] algorithmParam()
    {
        return registeredAlgorithms().toArray(new String[0]);
    }

    static List<String> list(final String... values)
    {
        return Arrays.asList(values);
    }
}
