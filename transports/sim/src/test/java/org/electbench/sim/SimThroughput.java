package org.electbench.sim;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

import org.electbench.spi.Durations;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Summary;

/**
 * Measures the simulator's throughput: events per second and time per run, over several rounds
 * of seeded runs in one JVM, each run as the CLI makes it ({@link Scenario#forRun}, then into a
 * {@link Summary}). Each round prints wall time and the thread's CPU time; on a shared machine
 * quote the CPU figures of the later rounds (the first ones include JIT compilation).
 * <p>
 * Not a test: nothing here asserts a timing. Build once (the launcher or
 * {@code mvn -q -B -DskipTests package}), then from the repository root:
 * <pre>
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -XX:+UseParallelGC \
 *   -cp "transports/sim/target/test-classes:cli/target/lib/*" org.electbench.sim.SimThroughput \
 *   algorithm=bully nodes=5 scenario=leader-crash runs=100000 rounds=5
 * </pre>
 * Arguments are {@code key=value}: algorithm (any registered one), nodes, scenario (the CLI's
 * names), detect (all, lowest, highest, random), delay (the CLI's syntax), seed, runs, rounds.
 * For the large case: {@code nodes=1024 detect=lowest runs=2}. {@code steady=3600s} instead times a settled cluster
 * left alone for that long (a no-op pause marks the end), the steady state the tuner simulates for false
 * elections: there the figure to compare is virtual seconds per CPU second, since fewer events per virtual
 * second is what a faster simulator of heartbeats and re-armed timers means.
 */
public final class SimThroughput
{
    private SimThroughput()
    {
    }

    private static Detectors detect(final String name)
    {
        for (final Detectors detect : Detectors.values())
        {
            if (detect.cliName().equals(name))
            {
                return detect;
            }
        }
        throw new IllegalArgumentException("unknown detect '" + name + "'; expected all, lowest, highest or random");
    }

    public static void main(final String[] args)
    {
        String algorithm = "bully";
        int nodes = 5;
        ScenarioKind kind = ScenarioKind.LEADER_CRASH;
        Detectors detect = Detectors.ALL;
        String delay = "constant:1ms";
        long seed = 1;
        int runs = 100_000;
        int rounds = 5;
        long steadyNs = 0;
        for (final String arg : args)
        {
            final int equals = arg.indexOf('=');
            if (equals < 0)
            {
                throw new IllegalArgumentException("'" + arg + "' is not key=value; keys: algorithm, nodes, scenario, " +
                    "detect, delay, seed, runs, rounds, steady");
            }
            final String key = arg.substring(0, equals);
            final String value = arg.substring(equals + 1);
            switch (key)
            {
                case "algorithm" -> algorithm = value;
                case "nodes" -> nodes = Integer.parseInt(value);
                case "scenario" -> kind = ScenarioKind.fromCliName(value);
                case "detect" -> detect = detect(value);
                case "delay" -> delay = value;
                case "seed" -> seed = Long.parseLong(value);
                case "runs" -> runs = Integer.parseInt(value);
                case "rounds" -> rounds = Integer.parseInt(value);
                case "steady" -> steadyNs = Durations.parseNs(value);
                default -> throw new IllegalArgumentException("unknown key '" + key + "'; keys: algorithm, nodes, " +
                    "scenario, detect, delay, seed, runs, rounds, steady");
            }
        }

        Scenario scenario = Scenario.builder()
            .algorithm(algorithm)
            .nodes(nodes)
            .kind(kind)
            .detect(detect)
            .network(NetworkModel.parse(delay))
            .seed(seed)
            .build();
        if (steadyNs > 0)
        {
            scenario = scenario.toBuilder()
                .kind(ScenarioKind.CUSTOM)
                .faults(FaultPlan.builder().pause(1, steadyNs, 0).build())
                .build();
        }
        final SimRuntime runtime = new SimRuntime();
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.println(scenario + ", " + runs + " runs per round");
        for (int round = 1; round <= rounds; round++)
        {
            final Summary summary = new Summary(scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType());
            final long startCpuNs = threads.getCurrentThreadCpuTime();
            final long startNs = System.nanoTime();
            long virtualNs = 0;
            for (int run = 0; run < runs; run++)
            {
                final ElectionResult result = runtime.run(scenario.forRun(run));
                virtualNs += result.endNs();
                summary.add(result);
            }
            final long wallNs = System.nanoTime() - startNs;
            final long cpuNs = threads.getCurrentThreadCpuTime() - startCpuNs;
            if (summary.unconvergedRuns() == runs && 0 == steadyNs)
            {
                throw new IllegalStateException("no run converged: " + scenario);
            }
            System.out.printf(Locale.ROOT,
                "round %d: %,d events, wall %.1f ms, cpu %.1f ms, %.3f us/run (cpu), %.2f M events/s (cpu), " +
                "%.0f virtual s per cpu s%n",
                round, summary.events(), wallNs / 1e6, cpuNs / 1e6, cpuNs / 1e3 / runs, summary.events() * 1e3 / cpuNs,
                virtualNs / (double)cpuNs);
        }
    }
}
