package org.electbench.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.sim.SimRuntime;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.parameters.RunParameters;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The message path in steady state: a settled cluster whose leader heartbeats every HBT for a
 * long window with no fault, so nearly every event is a message handled (a delivery through the
 * runtime into the node, and the node's sends) or the timer that makes one. One benchmark
 * operation is one such window. The primary score, {@code steadyWindow}, is the window's time:
 * on sim the simulator's CPU, on a real clock mostly the wait for HBT timers, so not the path's
 * cost there. The figures per handled event:
 * <ul>
 *   <li>{@code cpu/event} (from the {@link PerElectionProfiler} profiler, ns): the CPU the whole process spent
 *       in the windows over the events handled, on every runtime alike: the message path's cost;</li>
 *   <li>{@code eventsTotal} and {@code windows} (EVENTS counters): events per operation, to turn
 *       {@code -prof gc}'s {@code gc.alloc.rate.norm} (bytes per operation) into bytes per
 *       handled event: {@code norm * windows / eventsTotal}. The per-window setup (nodes, and on
 *       real transports threads and inboxes) is part of that figure, amortised over the window;
 *       the gc profiler also counts every thread of the fork, setup included.</li>
 * </ul>
 * Run: {@code java -jar bench/target/benchmarks.jar MessagePathBenchmark -p transport=sim,inmemory
 * -f 1 -wi 2 -i 3 -prof gc -rf json}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {BenchMain.AGRONA_EXPORTS, "-XX:+UseParallelGC"})
@State(Scope.Benchmark)
public class MessagePathBenchmark
{
    @Param({})
    public String algorithm;

    @Param({"sim"})
    public String transport;

    @Param({"5"})
    public int nodes;

    /** Heartbeat interval: on real transports, how fast messages come. */
    @Param({"200us"})
    public String heartbeat;

    /** Heartbeat rounds per window on the simulator (virtual time, cheap) and on the real-clock runtimes. */
    @Param({"20000"})
    public int simRounds;

    @Param({"5000"})
    public int realRounds;

    private ClusterRuntime runtime;
    private Scenario window;

    /** Raw totals: the process's CPU and events handled (cpu/event), windows (per-event allocation). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Totals
    {
        public long cpuNs;
        public long eventsTotal;
        public long windows;

        @Setup(Level.Iteration)
        public void reset()
        {
            cpuNs = 0;
            eventsTotal = 0;
            windows = 0;
        }
    }

    /** The whole process's CPU: a real runtime's nodes handle messages on threads of their own. */
    private static final com.sun.management.OperatingSystemMXBean OS =
        (com.sun.management.OperatingSystemMXBean)java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    @Setup(Level.Trial)
    public void start()
    {
        RunWatch.start();
        final boolean realClock = RuntimeRegistry.instance().get(transport).realClock();
        // Well above HBT: no false election on a loaded machine, nothing but heartbeats in the window.
        final String detection = realClock ? "20ms" : "3ms";
        final Scenario settled = BenchParameters.scenario(this, algorithm, 1, Map.of(
            RunParameters.SCENARIO.name(), ScenarioKind.CUSTOM.cliName(),
            RunParameters.DELAY.name(), "constant:0ms",
            RunParameters.DETECTION_TIMEOUT.name(), detection,
            RunParameters.ELECTION_TIMEOUT.name(), "1ms"));
        final long hbtNs = settled.settings().heartbeatIntervalNs();
        window = settled.toBuilder().settleWindowNs(hbtNs * (realClock ? realRounds : simRounds)).build();
        runtime = RuntimeRegistry.instance().get(transport).newRuntime();
        if (runtime instanceof SimRuntime sim)
        {
            // The heartbeats of the window are what is measured: none may be skipped.
            sim.playWholeRuns();
        }
    }

    @Benchmark
    public ElectionResult steadyWindow(final Totals totals)
    {
        final long cpuStartNs = OS.getProcessCpuTime();
        final ElectionResult result = runtime.run(window);
        totals.cpuNs += OS.getProcessCpuTime() - cpuStartNs;
        totals.eventsTotal += result.events();
        totals.windows++;
        return result;
    }

    @TearDown(Level.Trial)
    public void end()
    {
        runtime.close();
    }

    public static void main(final String[] args) throws RunnerException
    {
        new Runner(new OptionsBuilder()
            .include(MessagePathBenchmark.class.getSimpleName())
            .param("algorithm", BenchMain.algorithmParam())
            .addProfiler("gc")
            .addProfiler(PerElectionProfiler.class)
            .build()).run();
    }
}
