package org.electbench.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The parameters {@link SimulatorBenchmark} and its floor, {@link SimulatorFloorBenchmark}, share,
 * so a floor row always has a simulator row of the same cell to be divided into.
 */
@State(Scope.Benchmark)
public abstract class SimulatorCell
{
    @Param({})
    public String algorithm;

    @Param({"5", "17", "65", "257", "1024"})
    public int nodes;

    @Param({"leader-crash"})
    public String scenario;

    @Param({"all"})
    public String detect;

    @Param({"constant:1ms"})
    public String delay;

    /** Events handled, as a rate: JMH divides it by the iteration's time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Events
    {
        public long events;

        @Setup(Level.Iteration)
        public void reset()
        {
            events = 0;
        }
    }
}
