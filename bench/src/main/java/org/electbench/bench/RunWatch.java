package org.electbench.bench;

import java.util.Optional;

/**
 * Ends this benchmark process once the {@code run} that started it is gone, killed with kill -9
 * included: that runs no hook and so cannot stop its children, and JMH's host and forks would
 * run on and write into the run folder for seconds. The run names itself in the system property
 * {@value #RUN_PID}, which JMH's forks inherit with the host's flags; without it (the jar run by
 * hand) nothing is watched.
 */
final class RunWatch
{
    static final String RUN_PID = org.electbench.harness.JmhStages.RUN_PID;
    private static final long POLL_MS = 200;
    /** Bounds a shutdown hook stuck on a JMH host that is gone. */
    private static final long EXIT_GRACE_MS = 5_000;
    private static boolean started;

    private RunWatch()
    {
    }

    /** Starts watching, once per process; the host's entry point and every benchmark's trial set-up call it. */
    static synchronized void start()
    {
        final String pid = System.getProperty(RUN_PID);
        if (started || null == pid)
        {
            return;
        }
        started = true;
        final Optional<ProcessHandle> run = ProcessHandle.of(Long.parseLong(pid));
        final Thread watch = new Thread(() ->
        {
            // isAlive also tells a reused pid from the run: it compares the process's start time.
            while (run.map(ProcessHandle::isAlive).orElse(false))
            {
                pause(POLL_MS);
            }
            System.err.println("electbench: the run that started this benchmark (pid " + pid + ") is gone; stopping");
            final Thread halt = new Thread(() ->
            {
                pause(EXIT_GRACE_MS);
                Runtime.getRuntime().halt(1);
            }, "electbench-run-gone-halt");
            halt.setDaemon(true);
            halt.start();
            // exit, not halt, first: hooks remove the temporary files of writes cut short.
            System.exit(1);
        }, "electbench-run-watch");
        watch.setDaemon(true);
        watch.start();
    }

    private static void pause(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
