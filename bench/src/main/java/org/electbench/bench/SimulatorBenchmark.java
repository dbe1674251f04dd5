package org.electbench.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.harness.SeededRuns;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * How fast the simulator is: elections simulated per second (the primary score) and events per
 * second (an OPERATIONS counter, normalised by JMH like the score), for clusters from 5 to 1024
 * nodes. {@code -p nodes=1024 -p detect=lowest -p algorithm=bully} is the worst case: about a
 * million messages per election.
 * <p>
 * Run: {@code java -jar bench/target/benchmarks.jar SimulatorBenchmark -f 1 -wi 1 -i 3 -rf json}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {BenchMain.AGRONA_EXPORTS, "-XX:+UseParallelGC"})
@State(Scope.Benchmark)
public class SimulatorBenchmark extends SimulatorCell
{
    private ClusterRuntime runtime;
    private Scenario base;
    private int run;

    @Setup(Level.Trial)
    public void start()
    {
        RunWatch.start();
        base = BenchParameters.scenario(this, algorithm, 1, Map.of());
        runtime = RuntimeRegistry.instance().get(new SeededRuns().floorRuntimeName()).newRuntime();
    }

    @Benchmark
    public ElectionResult simulateElection(final SimulatorCell.Events events)
    {
        final ElectionResult result = runtime.run(base.forRun(run++));
        events.events += result.events();
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
            .include(SimulatorBenchmark.class.getSimpleName())
            .param("algorithm", BenchMain.algorithmParam())
            .build()).run();
    }
}
