package org.electbench.realtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's timer slack, tightened. Linux lets a sleeping thread wake up to its timer
 * slack late, 50 us by default, so that the kernel can batch wake-ups: a 10 us park took 68 us at
 * the median on the reference machine, and 17 us with a 1 us slack (a 20,000-park loop, quiet).
 * Every hop of a real run waits on such parks: an idle worker's, and on Aeron the media driver's.
 * <p>
 * A thread may set its own slack without privileges by writing {@code /proc/<tid>/timerslack_ns}
 * (proc(5), since Linux 4.6), its thread id read from {@code /proc/thread-self}. Elsewhere, or
 * where proc is not mounted, nothing changes and the thread keeps the default.
 */
public final class TimerSlack
{
    /** The slack the runtimes' threads run with: a park ends within 1 us of its time. */
    public static final long TIGHT_NS = 1_000;

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private TimerSlack()
    {
    }

    /**
     * Sets the calling thread's timer slack.
     *
     * @param slackNs the slack, at least 1 ns.
     * @return whether it was set (false where the platform has no per-thread slack to set).
     */
    public static boolean setForThisThread(final long slackNs)
    {
        if (slackNs < 1)
        {
            throw new IllegalArgumentException("slackNs must be at least 1, got " + slackNs);
        }
        final Path file = ownFile();
        if (null == file)
        {
            return false;
        }
        try
        {
            Files.writeString(file, Long.toString(slackNs), StandardCharsets.US_ASCII);
            return true;
        }
        catch (final IOException | SecurityException | UnsupportedOperationException ex)
        {
            return false;
        }
    }

    /** @return the calling thread's timer slack, or -1 where the platform does not say. */
    public static long ofThisThread()
    {
        final Path file = ownFile();
        if (null == file)
        {
            return -1;
        }
        try
        {
            return Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).trim());
        }
        catch (final IOException | NumberFormatException | SecurityException ex)
        {
            return -1;
        }
    }

    /** @return {@code /proc/<tid>/timerslack_ns} of the calling thread, or null where there is none. */
    private static Path ownFile()
    {
        try
        {
            // "<pid>/task/<tid>": the slack file lives at the top level, under the thread's own id.
            final Path link = Files.readSymbolicLink(THREAD_SELF);
            final Path file = Path.of("/proc", link.getFileName().toString(), "timerslack_ns");
            return Files.isWritable(file) ? file : null;
        }
        catch (final IOException | UnsupportedOperationException | SecurityException ex)
        {
            return null;
        }
    }
}
