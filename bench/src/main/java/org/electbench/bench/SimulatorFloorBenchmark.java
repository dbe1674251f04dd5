package org.electbench.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;

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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The floor under {@link SimulatorBenchmark}: a bare binary event heap ({@link EventHeapFloor})
 * doing, per operation, as many events as one election of the same parameters takes on the
 * simulator (counted in the trial's set-up over a few seeded elections), with one event queued
 * per node. Its score is "elections per second at the floor"; the simulator's score divided by it
 * is the share of the floor's rate the simulator reaches, the same ratio as their events per
 * second. Run both in one JMH run to measure that ratio on any machine:
 * {@code java -jar bench/target/benchmarks.jar "Simulator(Floor)?Benchmark" -p algorithm=bully -p nodes=5 -f 1 -wi 1 -i 3}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {BenchMain.AGRONA_EXPORTS, "-XX:+UseParallelGC"})
@State(Scope.Benchmark)
public class SimulatorFloorBenchmark extends SimulatorCell
{
    /** Elections counted for the events per election below this many nodes; one above (an n = 1024 election is seconds). */
    private static final int COUNTED_RUNS = 200;
    private static final int LARGE_NODES = 100;

    private EventHeapFloor floor;
    private long eventsPerElection;

    @Setup(Level.Trial)
    public void start()
    {
        RunWatch.start();
        final Scenario base = BenchParameters.scenario(this, algorithm, 1, Map.of());
        eventsPerElection = EventHeapFloor.eventsPerElection(base, nodes < LARGE_NODES ? COUNTED_RUNS : 1);
        floor = new EventHeapFloor(nodes);
    }

    @Benchmark
    public long floorElection(final SimulatorCell.Events events)
    {
        events.events += eventsPerElection;
        return floor.handle(eventsPerElection);
    }

    public static void main(final String[] args) throws RunnerException
    {
        new Runner(new OptionsBuilder()
            .include(SimulatorFloorBenchmark.class.getSimpleName())
            .param("algorithm", BenchMain.algorithmParam())
            .build()).run();
    }
}
