package org.electbench.aeron;

import java.io.File;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.driver.status.SystemCounterDescriptor;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.electbench.realtime.TightSlackIdleStrategy;
import org.agrona.concurrent.status.AtomicCounter;

/**
 * An Aeron media driver and one client in this JVM, sized for elections rather than throughput.
 * <p>
 * The reference machines have two cores shared with the nodes, so the driver runs all its duties
 * on one thread ({@link ThreadingMode#SHARED}) that backs off to parking when idle, with a tight
 * timer slack so that its parks end when due ({@link TightSlackIdleStrategy}), and the
 * driver's async executor runs on that thread too. Term buffers are the smallest Aeron allows
 * and sparse: election traffic is a few small messages, and N nodes hold N(N-1) publications.
 * Every launch gets its own directory in this user's private folder ({@link AeronDirectories}), so
 * parallel runs never share a driver by accident and no other user can read or plant anything in
 * it; it is deleted on start and on shutdown, never following a link, and a launch removes those
 * that killed runs left behind. Whether a directory's driver is alive is judged as Aeron judges
 * it, by the heartbeat its driver keeps writing into the CnC file
 * ({@link CommonContext#isDriverActive(File, long, java.util.function.Consumer)}), never by the
 * process id in its name nor the folder's age: a process in another PID namespace sharing the
 * directory's parent sees other ids, or none, for live drivers.
 * <p>
 * {@link Builder#invokedByCallers()} gives the driver no thread of its own
 * ({@link ThreadingMode#INVOKER}): the real-clock engine's workers run its duty cycle, and the
 * client's, in theirs ({@link #invoke()}), so a frame goes out and comes in on the thread that
 * sent or reads it, with no hand-over to a driver thread that another thread may hold off its
 * core or that wakes late from a park. A keeper thread runs the cycle whenever no caller has for
 * {@value #KEEPER_QUIET_NS} ns: between runs, and should every worker be held up.
 */
public final class EmbeddedDriver implements AutoCloseable
{
    /** Aeron's minimum term length. */
    public static final int DEFAULT_TERM_LENGTH = 64 * 1024;
    /** Directory names start with this, so leftovers of a killed run are easy to find. */
    public static final String DIRECTORY_PREFIX = AeronDirectories.PREFIX;

    /**
     * How long a driver's CnC heartbeat may be silent before its directory counts as left behind:
     * Aeron's own default driver timeout, after which its clients too take the driver for dead.
     */
    public static final long STALE_AFTER_MS = CommonContext.DEFAULT_DRIVER_TIMEOUT_MS;

    /** How long callers may leave the duty cycle alone before the keeper thread runs it. */
    public static final long KEEPER_QUIET_NS = 1_000_000;
    private static final long KEEPER_JOIN_MS = TimeUnit.SECONDS.toMillis(10);
    private static final SystemCounterDescriptor[] DUTY_CYCLE_COUNTERS = {
        SystemCounterDescriptor.CONDUCTOR_MAX_CYCLE_TIME,
        SystemCounterDescriptor.SENDER_MAX_CYCLE_TIME,
        SystemCounterDescriptor.RECEIVER_MAX_CYCLE_TIME};

    private final MediaDriver driver;
    private final Aeron aeron;
    private final File directory;
    /** The driver's and the client's duty cycles where callers run them. */
    private final CallerCycles cycles;
    private final Thread keeper;
    private volatile boolean stopping;
    private volatile long lastCallerCycleNs;
    private boolean closed;

    private EmbeddedDriver(final MediaDriver driver, final Aeron aeron, final File directory, final Supplier<IdleStrategy> keeperIdle)
    {
        this.driver = driver;
        this.aeron = aeron;
        this.directory = directory;
        cycles = CallerCycles.of(aeron);
        if (!cycles.present())
        {
            keeper = null;
        }
        else
        {
            lastCallerCycleNs = System.nanoTime() - KEEPER_QUIET_NS;
            final IdleStrategy idle = new TightSlackIdleStrategy(keeperIdle.get());
            keeper = new Thread(() -> keep(idle), directory.getName() + "-keeper");
            keeper.setDaemon(true);
            keeper.start();
        }
    }

    /**
     * Runs the driver's duty cycle and then the client's, once, on the calling thread, unless
     * another thread is running them right now. A no-op on a driver with its own thread.
     *
     * @return work done: frames sent and received, commands handled; 0 when it did not run.
     */
    public int invoke()
    {
        return Math.max(0, tryInvoke());
    }

    /**
     * @return work done, as {@link #invoke()}, or {@link CallerCycles#NOT_RUN} when the cycles did
     * not run on this thread (the driver has its own thread, or another thread is running them).
     * @throws IllegalStateException when the driver's cycle was closed while the driver is open: an
     *                               interrupt of a thread running it closes it for good.
     */
    int tryInvoke()
    {
        if (!cycles.present())
        {
            return CallerCycles.NOT_RUN;
        }
        lastCallerCycleNs = System.nanoTime();
        final int work = cycles.tryRun();
        if (CallerCycles.NOT_RUN == work && !stopping && cycles.closed())
        {
            throw new IllegalStateException("the media driver in " + directory + " stopped: its duty cycle was closed while " +
                "the driver is open, as an interrupt of a thread running it closes it");
        }
        return work;
    }

    /** @return whether the driver runs on its callers' threads ({@link Builder#invokedByCallers()}). */
    public boolean invokedByCallers()
    {
        return cycles.present();
    }

    /** The keeper's loop: the duty cycle whenever callers left it alone for {@link #KEEPER_QUIET_NS}. */
    private void keep(final IdleStrategy idle)
    {
        while (!stopping)
        {
            final long quietNs = System.nanoTime() - lastCallerCycleNs;
            if (quietNs < KEEPER_QUIET_NS)
            {
                idle.reset();
                LockSupport.parkNanos(KEEPER_QUIET_NS - quietNs);
            }
            else
            {
                idle.idle(cycles.run());
            }
        }
    }

    /** @return a driver with the defaults: 64 KiB sparse terms, backoff idle strategy. */
    public static EmbeddedDriver launch()
    {
        return builder().launch();
    }

    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * Deletes the directories that killed runs left behind in this user's private folder
     * ({@link AeronDirectories#parent()}): those whose driver's heartbeat has been silent for
     * {@link #STALE_AFTER_MS}. Live drivers' directories are left alone, whichever process or PID
     * namespace runs them, and anything not made by this user's driver is left with a line on stderr.
     *
     * @return how many were deleted.
     */
    public static int deleteStaleDirectories()
    {
        return deleteStaleDirectories(AeronDirectories.parent(), STALE_AFTER_MS);
    }

    /**
     * @param parent       where to look for directories named {@value #DIRECTORY_PREFIX}...
     * @param staleAfterMs how long a heartbeat may be silent before the driver counts as dead.
     * @return how many were deleted.
     */
    public static int deleteStaleDirectories(final File parent, final long staleAfterMs)
    {
        return AeronDirectories.deleteStale(parent, staleAfterMs, System.err::println);
    }

    /** See {@link AeronDirectories#isStale(File, long)}. */
    public static boolean isStale(final File directory, final long staleAfterMs)
    {
        return AeronDirectories.isStale(directory, staleAfterMs);
    }

    /** @return the client connected to this driver, shared by every endpoint of this JVM. */
    public Aeron aeron()
    {
        return aeron;
    }

    public String aeronDirectoryName()
    {
        return directory.getAbsolutePath();
    }

    public File directory()
    {
        return directory;
    }

    /**
     * The longest the driver went between two duty cycles of its conductor, sender or
     * receiver since the last call (Aeron's own duty-cycle trackers, which this process shares
     * with the embedded driver), and starts the next measurement from zero.
     *
     * @return nanoseconds, park time included.
     */
    public long takeMaxDutyCycleNs()
    {
        long maxNs = 0;
        for (final SystemCounterDescriptor descriptor : DUTY_CYCLE_COUNTERS)
        {
            final AtomicCounter counter = driver.context().systemCounters().get(descriptor);
            maxNs = Math.max(maxNs, counter.getAndSet(0));
        }
        return maxNs;
    }

    /** Closes the client, then the driver (which deletes its directory), then removes anything left. */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            stopKeeper();
            try
            {
                CloseHelper.closeAll(aeron, driver);
            }
            finally
            {
                AeronDirectories.delete(directory, System.err::println);
            }
        }
    }

    private void stopKeeper()
    {
        if (null == keeper)
        {
            return;
        }
        stopping = true;
        LockSupport.unpark(keeper);
        try
        {
            keeper.join(KEEPER_JOIN_MS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** Driver settings; every one has a default fit for a 2-core machine. */
    public static final class Builder
    {
        private int termLength = DEFAULT_TERM_LENGTH;
        private Supplier<IdleStrategy> idleStrategy = BackoffIdleStrategy::new;
        private File directory;
        private boolean invokedByCallers;
        private SetupGuard setupGuard;

        private Builder()
        {
        }

        /**
         * @param setupGuard what new incoming sessions must pass before the driver maps an image; by
         *                   default none (a runtime's own wires choose their term lengths per channel).
         */
        public Builder setupGuard(final SetupGuard setupGuard)
        {
            this.setupGuard = setupGuard;
            return this;
        }

        /**
         * @param termLength bytes per term for network and IPC publications and the receiver's
         *                   initial window: a power of two, at least 64 KiB.
         */
        public Builder termLength(final int termLength)
        {
            if (termLength < DEFAULT_TERM_LENGTH || Integer.bitCount(termLength) != 1)
            {
                throw new IllegalArgumentException(
                    "termLength must be a power of two of at least " + DEFAULT_TERM_LENGTH + " bytes, was " + termLength);
            }
            this.termLength = termLength;
            return this;
        }

        /**
         * @param idleStrategy a new idle strategy for the driver's one thread, or its keeper's
         *                     where callers run it; one that parks when idle, never a busy spin
         *                     on a machine with few cores.
         */
        public Builder idleStrategy(final Supplier<IdleStrategy> idleStrategy)
        {
            if (null == idleStrategy)
            {
                throw new IllegalArgumentException("idleStrategy must not be null");
            }
            this.idleStrategy = idleStrategy;
            return this;
        }

        /**
         * The driver gets no thread of its own: its callers run its duty cycle ({@link #invoke()}),
         * and a keeper thread, idling with the {@link #idleStrategy}, runs it whenever they have not
         * for {@value #KEEPER_QUIET_NS} ns.
         */
        public Builder invokedByCallers()
        {
            this.invokedByCallers = true;
            return this;
        }

        /** @param directory the aeron directory to use instead of a fresh unique one (deleted on start). */
        public Builder directory(final File directory)
        {
            this.directory = directory;
            return this;
        }

        public EmbeddedDriver launch()
        {
            deleteStaleDirectories();
            final File dir = null != directory ? directory : AeronDirectories.unique();
            final MediaDriver.Context driverContext = new MediaDriver.Context()
                .aeronDirectoryName(dir.getAbsolutePath())
                .threadingMode(invokedByCallers ? ThreadingMode.INVOKER : ThreadingMode.SHARED)
                .sharedIdleStrategy(new TightSlackIdleStrategy(idleStrategy.get()))
                .asyncExecutorEnabled(false)
                .publicationTermBufferLength(termLength)
                .ipcTermBufferLength(termLength)
                .initialWindowLength(termLength)
                .termBufferSparseFile(true)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .warnIfDirectoryExists(false);

            if (null != setupGuard)
            {
                driverContext.receiveChannelEndpointSupplier(setupGuard);
            }
            MediaDriver driver = null;
            Aeron aeron = null;
            try
            {
                driver = MediaDriver.launch(driverContext);
                AeronDirectories.claim(dir);
                final Aeron.Context clientContext = new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName());
                if (invokedByCallers)
                {
                    // The client waits for the driver's answers by running its cycle itself.
                    clientContext.driverAgentInvoker(driver.sharedAgentInvoker()).useConductorAgentInvoker(true);
                }
                aeron = Aeron.connect(clientContext);
                return new EmbeddedDriver(driver, aeron, dir, idleStrategy);
            }
            catch (final RuntimeException ex)
            {
                CloseHelper.quietCloseAll(aeron, driver);
                AeronDirectories.delete(dir, System.err::println);
                throw ex;
            }
        }
    }
}
