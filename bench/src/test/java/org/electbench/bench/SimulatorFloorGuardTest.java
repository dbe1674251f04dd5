package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Properties;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The guard that keeps the simulator near its floor: a few seconds of paired measurement
 * ({@link FloorRatio}) of bully n = 5 leader-crash against a bare event heap in this JVM, failing
 * only when the simulator reaches less than half the share of the floor's rate that the committed
 * baseline ({@code simulator-floor-baseline.properties}) records: loose enough for a busy 2-core
 * machine (each side is timed by its least disturbed slice), tight enough to catch the simulator
 * becoming twice as slow per event. Its second test shows it catching exactly that: the same simulator
 * doing the floor's work for {@value #SLOWDOWN_EVENTS} more events per event of its own.
 */
class SimulatorFloorGuardTest
{
    private static final String BASELINE = "simulator-floor-baseline.properties";
    private static final String CELL = "bully-n5-leader-crash";
    private static final int PAIRS = 8;
    private static final int ATTEMPTS = 3;
    private static final int SLICE_ELECTIONS = 1_000;
    private static final long WARMUP_BUDGET_NS = 30_000_000_000L;
    /** The slowed simulator's warm-up may be cut short: unwarmed, it is slower still. */
    private static final long SLOWED_WARMUP_BUDGET_NS = 3_000_000_000L;
    /** Enough extra work per event to push a simulator at its baseline below half of it, for any baseline above 1 / 16. */
    private static final int SLOWDOWN_EVENTS = 16;

    private static Scenario scenario()
    {
        return Scenario.builder().algorithm("bully").nodes(5).seed(1).build();
    }

    private static double baseline() throws IOException
    {
        final Properties properties = new Properties();
        try (InputStream in = SimulatorFloorGuardTest.class.getResourceAsStream(BASELINE))
        {
            assertNotNull(in, BASELINE);
            properties.load(in);
        }
        return Double.parseDouble(properties.getProperty(CELL));
    }

    @Test
    void simulatorStaysAboveHalfItsBaselineShareOfTheFloor() throws IOException
    {
        final double baseline = baseline();
        try (ClusterRuntime sim = RuntimeRegistry.instance().get("sim").newRuntime())
        {
            double best = 0;
            boolean warmedUp = false;
            // A burst of load can sink one measurement; a simulator that really got slower fails every attempt.
            for (int attempt = 1; attempt <= ATTEMPTS && best < baseline / 2; attempt++)
            {
                final FloorRatio measurement = new FloorRatio(scenario(), scenario -> sim.run(scenario).events(), SLICE_ELECTIONS);
                final double ratio = measurement.measure(PAIRS, WARMUP_BUDGET_NS);
                System.out.printf(Locale.ROOT, "simulator/floor, bully n=5 leader-crash, attempt %d: %.3f (%.1f / %.1f CPU ns an " +
                    "event; baseline %.3f, fails below %.3f)%n", attempt, ratio, measurement.simNsPerEvent(),
                    measurement.floorNsPerEvent(), baseline, baseline / 2);
                best = Math.max(best, ratio);
                warmedUp |= measurement.warmedUp();
            }
            // A machine too busy to finish compiling the election path within the budget measured nothing worth a verdict.
            assumeTrue(warmedUp || best >= baseline / 2, "the simulator's warm-up never settled within the budget: no verdict");
            assertTrue(best >= baseline / 2, "the simulator reaches " + best + " of its floor's rate, less than half the " +
                "baseline's " + baseline + " in " + ATTEMPTS + " attempts: something made each event at least twice as costly");
        }
    }

    @Test
    void guardFailsOnASimulatorMadeSlowerPerEvent() throws IOException
    {
        final double baseline = baseline();
        final EventHeapFloor busyWork = new EventHeapFloor(5);
        try (ClusterRuntime sim = RuntimeRegistry.instance().get("sim").newRuntime())
        {
            // Slower still while not warmed up: the verdict holds either way.
            final double ratio = new FloorRatio(scenario(), scenario ->
            {
                final long events = sim.run(scenario).events();
                busyWork.handle(SLOWDOWN_EVENTS * events);
                return events;
            }, SLICE_ELECTIONS).measure(PAIRS, SLOWED_WARMUP_BUDGET_NS);
            assertTrue(ratio < baseline / 2, "a simulator doing " + SLOWDOWN_EVENTS + " floor events more per event " +
                "reached " + ratio + " of the floor, not below half the baseline's " + baseline);
        }
    }
}
