package org.electbench.sim;

import java.util.concurrent.TimeUnit;

import org.electbench.bench.BenchMain;
import org.electbench.bench.EventHeapFloor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The simulator's event queue ({@link EventQueue}) against the floor's bare binary heap
 * ({@link EventHeapFloor}) in the same hold model: each event the earliest is popped and one
 * successor pushed a pseudo-random delay (1 ns to about a millisecond) later, with
 * {@code queued} events in the queue, so the two scores are events per second of the ordering
 * alone. The queue pays on top of the bare heap for what the simulator needs of it: pooled slots
 * with a record each (freed and allocated per event), a second long per heap entry (the sequence
 * beside the slot, where the floor packs a 16-bit sequence under the time), and the same-instant
 * buckets. It lives in the queue's package to reach it.
 * <p>
 * Run: {@code java -jar bench/target/benchmarks.jar EventQueueBenchmark -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {BenchMain.AGRONA_EXPORTS, "-XX:+UseParallelGC"})
@State(Scope.Benchmark)
public class EventQueueBenchmark
{
    private static final int EVENTS = 1_000;

    /** Events kept queued: an n = 5 cluster's handful, and one per node at n = 1024. */
    @Param({"5", "1024"})
    public int queued;

    private EventQueue queue;
    private EventHeapFloor floor;
    private long nowNs;
    private long random = 0x9E3779B97F4A7C15L;

    @Setup
    public void start()
    {
        queue = new EventQueue(2 * queued);
        for (int i = 0; i < queued; i++)
        {
            pushTimer(i + 1, nextDelayNs());
        }
        floor = new EventHeapFloor(queued);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long eventQueue()
    {
        for (int i = 0; i < EVENTS; i++)
        {
            nowNs = queue.peekTimeNs();
            final int slot = queue.pop();
            final int nodeId = queue.nodeId(slot);
            queue.free(slot);
            pushTimer(nodeId, nowNs + nextDelayNs());
        }
        return nowNs;
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long floorHeap()
    {
        return floor.handle(EVENTS);
    }

    private void pushTimer(final int nodeId, final long atNs)
    {
        final int slot = queue.allocate();
        queue.setTimer(slot, nodeId, 0, 0);
        queue.push(slot, atNs);
    }

    private long nextDelayNs()
    {
        random = EventHeapFloor.xorShift(random);
        return EventHeapFloor.delayNs(random);
    }
}
