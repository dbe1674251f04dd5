package org.electbench.reference;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs in a node process: samples the system's own state every {@link #SAMPLE_INTERVAL_NS} on a
 * thread of its own and writes a line to standard output whenever it changes, with the instant
 * (System.nanoTime, one clock for every process on the host), so the parent can rebuild leaders
 * over time. Lines ({@link StateLine}): {@code S nanos role leaderId term} on a change,
 * {@code W nanos term} for a write committed while leading, {@code L nanos lateNs} when a
 * sample woke more than {@link #LATE_NS} behind its park (the host held the process up).
 */
public final class StateReporter
{
    /** How often the node's state is sampled. */
    public static final long SAMPLE_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(2);
    /** A wake this late behind its park is reported. */
    public static final long LATE_NS = TimeUnit.MILLISECONDS.toNanos(5);

    /** The system's own state, read on the reporter's thread. */
    @FunctionalInterface
    public interface Source
    {
        /** Fills {@code state} from the system's own state. */
        void sample(State state);
    }

    /** One sample; the source sets every field. */
    public static final class State
    {
        public NodeRole role = NodeRole.ELECTING;
        /** The leader this node names (1..n), or 0 for none. */
        public int leaderId;
        /** The system's term: Aeron's leadership term id, ZooKeeper's epoch; -1 unknown. */
        public long term = -1;
    }

    private final PrintStream out;
    private final Source source;
    private final Thread thread;
    private volatile boolean running = true;

    private StateReporter(final PrintStream out, final Source source)
    {
        this.out = out;
        this.source = source;
        this.thread = new Thread(this::run, "state-reporter");
        this.thread.setDaemon(true);
    }

    /**
     * @return a reporter, started, writing to standard output. The node also ends the moment its
     * standard input closes: its parent is gone (even by SIGKILL), and the node must not outlive it.
     */
    public static StateReporter start(final Source source)
    {
        final StateReporter reporter = new StateReporter(System.out, source);
        reporter.thread.start();
        final Thread parentWatch = new Thread(() ->
        {
            try
            {
                while (System.in.read() >= 0)
                {
                    // The parent writes nothing; only the end matters.
                }
            }
            catch (final java.io.IOException ex)
            {
                // Treated as the end.
            }
            Runtime.getRuntime().halt(0);
        }, "parent-watch");
        parentWatch.setDaemon(true);
        parentWatch.start();
        return reporter;
    }

    /** Reports a write the system committed in {@code term} while this node led; any thread. */
    public void committed(final long term)
    {
        final String line = StateLine.write(System.nanoTime(), term);
        synchronized (out)
        {
            out.println(line);
            out.flush();
        }
    }

    /** Says the node is ready (its system started); the parent starts waiting for a leader from here. */
    public void ready()
    {
        synchronized (out)
        {
            out.println(StateLine.READY);
            out.flush();
        }
    }

    public void stop()
    {
        running = false;
        thread.interrupt();
    }

    private void run()
    {
        final State state = new State();
        NodeRole role = null;
        int leaderId = -1;
        long term = Long.MIN_VALUE;
        long wakeDueNs = System.nanoTime();
        while (running)
        {
            final long nowNs = System.nanoTime();
            final long lateNs = nowNs - wakeDueNs;
            if (lateNs > LATE_NS)
            {
                print(StateLine.late(nowNs, lateNs));
            }
            try
            {
                source.sample(state);
            }
            catch (final RuntimeException ex)
            {
                state.role = NodeRole.ELECTING;
                state.leaderId = 0;
            }
            if (state.role != role || state.leaderId != leaderId || state.term != term)
            {
                role = state.role;
                leaderId = state.leaderId;
                term = state.term;
                print(StateLine.state(System.nanoTime(), role, leaderId, term));
            }
            wakeDueNs = System.nanoTime() + SAMPLE_INTERVAL_NS;
            LockSupport.parkNanos(SAMPLE_INTERVAL_NS);
        }
    }

    private void print(final String line)
    {
        synchronized (out)
        {
            out.println(line);
            out.flush();
        }
    }
}
