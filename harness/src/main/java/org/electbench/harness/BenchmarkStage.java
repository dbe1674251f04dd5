package org.electbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JMH invocation of a {@code run}: a benchmark class, its parameter lists, and how many
 * forks, warm-up and measured iterations (and, for timed modes, how long each).
 *
 * @param name       names the stage's files in the run folder: {@code jmh-<name>.json}, {@code jmh-<name>.log}.
 * @param benchmark  the benchmark class's simple name.
 * @param params     JMH parameter lists, in order.
 * @param forks      -f.
 * @param warmups    -wi.
 * @param iterations -i.
 * @param batch      -bs: elections per iteration of ConvergenceBenchmark (each its own, fresh cluster), 1 elsewhere.
 * @param extra      further JMH arguments (-w, -r, -prof ...).
 * <p>
 * Stages do not fail on the first error: a benchmark that throws (a real transport timing out on a
 * loaded machine) is listed in the run's {@code failures.txt} and tables, and the rest still run.
 */
record BenchmarkStage(
    String name,
    String benchmark,
    Map<String, List<String>> params,
    int forks,
    int warmups,
    int iterations,
    int batch,
    List<String> extra)
{
    static final String CONVERGENCE = "ConvergenceBenchmark";
    static final String SIMULATOR = "SimulatorBenchmark";
    static final String MESSAGE_PATH = "MessagePathBenchmark";

    /** @return the elections a convergence stage measures per parameter combination: iterations × batch × forks. */
    int electionsPerCombination()
    {
        return iterations * batch * Math.max(1, forks);
    }

    /** @return how many parameter combinations JMH will run. */
    int combinations()
    {
        int product = 1;
        for (final List<String> values : params.values())
        {
            product *= values.size();
        }
        return product;
    }

    /**
     * A prior guess of one parameter combination's wall time, before any has run: a fork's start,
     * then per iteration an election (simulated: tens of ms; real: detection plus settle window,
     * under a second) or the iteration time of a timed mode.
     *
     * @return seconds.
     */
    double estimatedSecondsPerCombination()
    {
        final double forkSeconds = forks > 0 ? 4.0 * forks : 0.3;
        double iterationSeconds = 0.005;
        final List<String> transports = params.getOrDefault("transport", List.of("sim"));
        if (transports.stream().anyMatch(transport -> !"sim".equals(transport)))
        {
            // An election on a real clock: detection, the new leader, the settle window and the runtime's setup,
            // about 1.6 s on inmemory on 2 cores (measured in run --quick).
            iterationSeconds = 1.6;
        }
        for (int i = 0; i + 1 < extra.size(); i++)
        {
            if ("-r".equals(extra.get(i)) || "-w".equals(extra.get(i)))
            {
                iterationSeconds = Math.max(iterationSeconds, seconds(extra.get(i + 1)));
            }
        }
        return forkSeconds + Math.max(1, forks) * (warmups + iterations) * iterationSeconds * batch;
    }

    private static double seconds(final String time)
    {
        try
        {
            return org.electbench.spi.Durations.parseNs(time) / 1e9;
        }
        catch (final IllegalArgumentException ex)
        {
            return 1.0;
        }
    }

    /** @return this stage with a parameter set (or replaced) to the given values. */
    BenchmarkStage with(final String param, final List<String> values)
    {
        final Map<String, List<String>> copy = new LinkedHashMap<>(params);
        copy.put(param, List.copyOf(values));
        return new BenchmarkStage(name, benchmark, copy, forks, warmups, iterations, batch, extra);
    }

    BenchmarkStage withCounts(
        final Integer forks, final Integer warmups, final Integer iterations, final Integer batch, final List<String> moreExtra)
    {
        final List<String> allExtra = new ArrayList<>(extra);
        allExtra.addAll(moreExtra);
        return new BenchmarkStage(name, benchmark, params,
            null == forks ? this.forks : forks,
            null == warmups ? this.warmups : warmups,
            null == iterations ? this.iterations : iterations,
            null == batch ? this.batch : batch,
            List.copyOf(allExtra));
    }

    /** @return JMH's arguments for this stage, results as JSON to the given file. */
    List<String> jmhArguments(final String resultFile)
    {
        final List<String> args = new ArrayList<>();
        args.add("^org\\.electbench\\.bench\\." + benchmark + "\\.");
        for (final Map.Entry<String, List<String>> param : params.entrySet())
        {
            args.add("-p");
            args.add(param.getKey() + "=" + String.join(",", param.getValue()));
        }
        args.add("-f");
        args.add(String.valueOf(forks));
        args.add("-wi");
        args.add(String.valueOf(warmups));
        args.add("-i");
        args.add(String.valueOf(iterations));
        if (batch > 1)
        {
            args.add("-bs");
            args.add(String.valueOf(batch));
        }
        args.addAll(extra);
        args.add("-rf");
        args.add("json");
        args.add("-rff");
        args.add(resultFile);
        return args;
    }
}
