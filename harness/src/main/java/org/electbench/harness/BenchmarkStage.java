package org.electbench.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.electbench.transport.parameters.RunParameter;

/**
 * One JMH run of {@code ./electbench run}: a benchmark class, its parameter lists, and how many
 * forks, warm-up and measured iterations (and, for timed modes, how long each).
 * <p>
 * Stages do not fail on the first error: a benchmark that throws (a real transport timing out on a
 * loaded machine) is listed in the run's {@code failures.txt} and tables, and the rest still run.
 *
 * @param name          names the stage's files in the run folder: {@code jmh-<name>.json}, {@code jmh-<name>.log}.
 * @param benchmark     the benchmark class's simple name.
 * @param params        JMH parameter lists, in order.
 * @param forks         forks per parameter combination; 0 runs in this JVM.
 * @param warmups       warm-up iterations.
 * @param iterations    measured iterations.
 * @param batch         elections per measured iteration of ConvergenceBenchmark (each its own, fresh cluster), 1 elsewhere.
 * @param warmupTime    a timed mode's warm-up iteration time (JMH's form: 2s, 500ms), or null for single shot.
 * @param iterationTime a timed mode's measured iteration time, or null for single shot.
 * @param profilers     JMH profilers by name (gc, or NAME:OPTIONS).
 */
public record BenchmarkStage(
    String name,
    String benchmark,
    Map<String, List<String>> params,
    int forks,
    int warmups,
    int iterations,
    int batch,
    String warmupTime,
    String iterationTime,
    List<String> profilers)
{
    public static final String CONVERGENCE = "ConvergenceBenchmark";
    public static final String SIMULATOR = "SimulatorBenchmark";
    /** A bare event heap doing as many events as the simulator's election: the floor the analyser divides by. */
    public static final String SIMULATOR_FLOOR = "SimulatorFloorBenchmark";
    public static final String MESSAGE_PATH = "MessagePathBenchmark";
    /** The benchmarks' parameter that carries the algorithms' own options. */
    public static final String OPTIONS = "options";
    /** The bench module's profiler that turns the counters into figures per election (and per event) in their units. */
    public static final String READINGS_PROFILER = "org.electbench.bench.PerElectionProfiler";

    public BenchmarkStage
    {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        profilers = List.copyOf(profilers);
    }

    /** @return whether this stage's benchmark measures elections one at a time (single shot), not for a set time. */
    public boolean singleShot()
    {
        return null == iterationTime;
    }

    /** @return the elections one parameter combination runs, warm-up included: forks × (warm-ups + iterations × batch). */
    public int electionsPerCombination()
    {
        return Math.max(1, forks) * (warmups + iterations * batch);
    }

    /** @return how many parameter combinations JMH will run. */
    public int combinations()
    {
        int product = 1;
        for (final List<String> values : params.values())
        {
            product *= values.size();
        }
        return product;
    }

    /** @return this stage with a parameter set (or replaced) to the given values. */
    public BenchmarkStage with(final String param, final List<String> values)
    {
        final Map<String, List<String>> copy = new LinkedHashMap<>(params);
        copy.put(param, List.copyOf(values));
        return new BenchmarkStage(name, benchmark, copy, forks, warmups, iterations, batch, warmupTime, iterationTime, profilers);
    }

    /**
     * @return this stage sweeping a run parameter over typed values, written as the benchmark's
     *         {@code @Param} strings by the parameter's own formatter: the one place a sweep becomes text.
     */
    public <T> BenchmarkStage sweep(final RunParameter<T> parameter, final List<T> values)
    {
        return with(parameter.key(), values.stream().map(parameter::format).toList());
    }

    /** @return this stage under another name (a shard's part). */
    public BenchmarkStage named(final String newName)
    {
        return new BenchmarkStage(newName, benchmark, params, forks, warmups, iterations, batch, warmupTime, iterationTime, profilers);
    }

    /**
     * @return this stage with the counts the user set (null keeps the stage's) and more profilers.
     */
    public BenchmarkStage withCounts(
        final Integer forks, final Integer warmups, final Integer iterations, final Integer batch, final List<String> moreProfilers)
    {
        final List<String> all = new ArrayList<>(profilers);
        for (final String profiler : moreProfilers)
        {
            if (!all.contains(profiler))
            {
                all.add(profiler);
            }
        }
        return new BenchmarkStage(name, benchmark, params,
            null == forks ? this.forks : forks,
            null == warmups ? this.warmups : warmups,
            null == iterations ? this.iterations : iterations,
            null == batch ? this.batch : batch,
            warmupTime, iterationTime, all);
    }
}
