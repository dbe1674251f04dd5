package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.function.ToLongFunction;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The guard that keeps the simulator near its floor: a few seconds of paired measurement
 * ({@link FloorRatio}) of bully n = 5 leader-crash against a bare event heap in this JVM, failing
 * only when the simulator reaches less than half the share of the floor's rate that the committed
 * baseline ({@code simulator-floor-baseline.properties}) records: loose enough for a busy 2-core
 * machine, where load slows both sides of a pair, tight enough to catch the simulator becoming
 * twice as slow per event. Its second test shows it catching exactly that: the same simulator
 * doing the floor's work for {@value #SLOWDOWN_EVENTS} more events per event of its own.
 */
class SimulatorFloorGuardTest
{
    private static final String BASELINE = "simulator-floor-baseline.properties";
    private static final String CELL = "bully-n5-leader-crash";
    private static final int SLICES = 8;
    private static final int SLICE_ELECTIONS = 1_500;
    /** Enough extra work per event to push any simulator below half of any baseline above 1 / 8. */
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

    private static double ratio(final ToLongFunction<Scenario> elections)
    {
        return FloorRatio.best(scenario(), elections, SLICES, SLICE_ELECTIONS);
    }

    @Test
    void simulatorStaysAboveHalfItsBaselineShareOfTheFloor() throws IOException
    {
        final double baseline = baseline();
        try (ClusterRuntime sim = RuntimeRegistry.instance().get("sim").newRuntime())
        {
            final double ratio = ratio(scenario -> sim.run(scenario).events());
            System.out.printf("simulator/floor events per second, bully n=5 leader-crash: %.3f (baseline %.3f, fails below %.3f)%n",
                ratio, baseline, baseline / 2);
            assertTrue(ratio >= baseline / 2, "the simulator reaches " + ratio + " of its floor's rate, less than half the " +
                "baseline's " + baseline + ": something made each event at least twice as costly");
        }
    }

    @Test
    void guardFailsOnASimulatorMadeSlowerPerEvent() throws IOException
    {
        final double baseline = baseline();
        final EventHeapFloor busyWork = new EventHeapFloor(5);
        try (ClusterRuntime sim = RuntimeRegistry.instance().get("sim").newRuntime())
        {
            final double ratio = ratio(scenario ->
            {
                final long events = sim.run(scenario).events();
                busyWork.handle(SLOWDOWN_EVENTS * events);
                return events;
            });
            assertTrue(ratio < baseline / 2, "a simulator doing " + SLOWDOWN_EVENTS + " floor events more per event " +
                "reached " + ratio + " of the floor, not below half the baseline's " + baseline);
        }
    }
}
