package org.electbench.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.electbench.transport.parameters.RunParameters;

/**
 * The time a run has left, from what it measured so far. A single-shot benchmark (one parameter
 * combination) costs its forks' start-up plus its elections times the per-election cost of its
 * runtime at its size; a timed one its forks' start-up plus its set iteration times and the
 * set-up around them. Every cost is measured in the run as it goes: the per-election cost of a
 * runtime at a size once one of its benchmarks finished, else that runtime's cost at the sizes
 * measured, scaled by size on the simulator (a simulated election's work grows with its
 * messages, at least n), else a prior. Fork start-up is the time from a forked benchmark's
 * start to its first iteration (the JVM, the runtime's set-up and its warm-up runs), measured
 * per runtime and kind of benchmark, else over all forks so far, else a prior.
 */
public final class RunEstimate
{
    /** A simulated election at n = 1, before any is measured (n = 5 leader-crash elections take ~0.1 ms on 2 cores). */
    static final double PRIOR_SIM_ELECTION_SECONDS_PER_NODE = 20e-6;
    /**
     * A real-clock election with its runtime's set-up, warm-up share and settle window, before any is measured: the
     * quiet reference run's 28 real cells of 30 elections took 788 s (0.94 s an election, inmemory and aeron-udp
     * alike, the compile warm-up's 3 s a cell included); 1.6 s, the loaded figure this began with, put the first ETA
     * 86 % over.
     */
    static final double PRIOR_REAL_ELECTION_SECONDS = 0.94;
    /** A forked JVM's start until its first iteration, before any is measured. */
    static final double PRIOR_FORK_SECONDS = 3.0;
    /** The set-up and tear-down around a timed benchmark's iterations, before any is measured. */
    static final double PRIOR_TIMED_OVERHEAD_SECONDS = 1.0;

    private static final String SIM = "sim";

    /**
     * One parameter combination's cost drivers.
     *
     * @param transport    the runtime it runs on.
     * @param nodes        its cluster size.
     * @param forks        JVMs it forks (0: runs in the driving JVM).
     * @param elections    elections it runs, warm-up included (single shot), or 0 for a timed benchmark.
     * @param timedSeconds its iterations' set time, forks included (timed), or 0.
     */
    public record Cell(String transport, int nodes, int forks, int elections, double timedSeconds)
    {
        /**
         * @param stage  the stage it belongs to.
         * @param params its parameter values (those the stage does not set take the benchmark's defaults).
         * @return the cell.
         */
        public static Cell of(final BenchmarkStage stage, final Map<String, String> params)
        {
            final String transport = params.getOrDefault("transport", SIM);
            int nodes = 5;
            try
            {
                nodes = Integer.parseInt(params.getOrDefault(RunParameters.NODES.key(), String.valueOf(RunParameters.NODES.defaultValue())));
            }
            catch (final NumberFormatException ex)
            {
                // "auto": the declared default size.
            }
            if (stage.singleShot())
            {
                return new Cell(transport, nodes, stage.forks(), stage.electionsPerCombination(), 0);
            }
            final double seconds = Math.max(1, stage.forks()) *
                (stage.warmups() * seconds(stage.warmupTime()) + stage.iterations() * seconds(stage.iterationTime()));
            return new Cell(transport, nodes, stage.forks(), 0, seconds);
        }

        private boolean timed()
        {
            return elections == 0;
        }

        private String forkKind()
        {
            return transport + (timed() ? "/timed" : "");
        }

        private double weight()
        {
            return SIM.equals(transport) ? nodes : 1;
        }
    }

    /** Per (runtime, size): seconds of elections, elections. */
    private final Map<String, double[]> bySize = new HashMap<>();
    /** Per runtime: seconds of elections, elections × size weight. */
    private final Map<String, double[]> byTransport = new HashMap<>();
    /** Per runtime and kind (single shot or timed): seconds of fork start-up, forks. */
    private final Map<String, double[]> forks = new HashMap<>();
    private double forkSeconds;
    private int forkCount;
    private double timedOverheadSeconds;
    private int timedCount;

    /**
     * Records a finished benchmark.
     *
     * @param cell           what it ran.
     * @param startupSeconds from its start to its first iteration (fork start-up; ~0 unforked).
     * @param totalSeconds   from its start to its end.
     */
    public void finished(final Cell cell, final double startupSeconds, final double totalSeconds)
    {
        if (cell.forks() > 0)
        {
            forkSeconds += startupSeconds;
            forkCount++;
            final double[] kind = forks.computeIfAbsent(cell.forkKind(), key -> new double[2]);
            kind[0] += startupSeconds;
            kind[1]++;
        }
        final double runSeconds = Math.max(0, totalSeconds - startupSeconds * Math.max(1, cell.forks()));
        if (cell.timed())
        {
            timedOverheadSeconds += Math.max(0, runSeconds - cell.timedSeconds());
            timedCount++;
            return;
        }
        final double[] size = bySize.computeIfAbsent(cell.transport() + "/" + cell.nodes(), key -> new double[2]);
        size[0] += runSeconds;
        size[1] += cell.elections();
        final double[] transport = byTransport.computeIfAbsent(cell.transport(), key -> new double[2]);
        transport[0] += runSeconds;
        transport[1] += cell.elections() * cell.weight();
    }

    /** @return the measured (or prior) seconds from a forked benchmark's start to its first iteration, over all forks. */
    public double forkSeconds()
    {
        return forkCount == 0 ? PRIOR_FORK_SECONDS : forkSeconds / forkCount;
    }

    /** @return the measured seconds of a fork's start-up for this cell's runtime and kind, else {@link #forkSeconds()}. */
    public double forkSeconds(final Cell cell)
    {
        final double[] kind = forks.get(cell.forkKind());
        return null == kind ? forkSeconds() : kind[0] / kind[1];
    }

    /** @return the measured (or prior) seconds one election of this cell's runtime and size takes. */
    public double secondsPerElection(final Cell cell)
    {
        final double[] size = bySize.get(cell.transport() + "/" + cell.nodes());
        if (null != size && size[1] > 0)
        {
            return size[0] / size[1];
        }
        final double[] transport = byTransport.get(cell.transport());
        if (null != transport && transport[1] > 0)
        {
            return transport[0] / transport[1] * cell.weight();
        }
        return SIM.equals(cell.transport()) ? PRIOR_SIM_ELECTION_SECONDS_PER_NODE * cell.nodes() : PRIOR_REAL_ELECTION_SECONDS;
    }

    /** @return the estimated seconds the whole cell takes. */
    public double seconds(final Cell cell)
    {
        final double startup = cell.forks() * forkSeconds(cell);
        if (cell.timed())
        {
            return startup + cell.timedSeconds() + (timedCount == 0 ? PRIOR_TIMED_OVERHEAD_SECONDS : timedOverheadSeconds / timedCount);
        }
        return startup + cell.elections() * secondsPerElection(cell);
    }

    /**
     * @param pending        the cells not yet started.
     * @param running        the cell running now, or null.
     * @param runningSeconds how long it has run.
     * @return the estimated seconds left.
     */
    public double secondsLeft(final List<Cell> pending, final Cell running, final double runningSeconds)
    {
        double left = null == running ? 0 : Math.max(0, seconds(running) - runningSeconds);
        for (final Cell cell : pending)
        {
            left += seconds(cell);
        }
        return left;
    }

    /** @return every parameter combination of the stage, in the stage's parameter order. */
    public static List<Map<String, String>> combinations(final BenchmarkStage stage)
    {
        List<Map<String, String>> combinations = List.of(new LinkedHashMap<>());
        for (final Map.Entry<String, List<String>> param : stage.params().entrySet())
        {
            final List<Map<String, String>> next = new ArrayList<>();
            for (final Map<String, String> combination : combinations)
            {
                for (final String value : param.getValue())
                {
                    final Map<String, String> extended = new LinkedHashMap<>(combination);
                    extended.put(param.getKey(), value);
                    next.add(extended);
                }
            }
            combinations = next;
        }
        return combinations;
    }

    private static double seconds(final String time)
    {
        try
        {
            return null == time ? 0 : org.electbench.spi.Durations.parseNs(time) / 1e9;
        }
        catch (final IllegalArgumentException ex)
        {
            return 1.0;
        }
    }
}
