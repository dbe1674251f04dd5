package org.electbench.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How busy the machine was at one instant, from the kernel's own counters: the load averages
 * and runnable threads of {@code /proc/loadavg} and the CPU time of {@code /proc/stat}'s first
 * line, whose eighth field is steal (time a hypervisor gave this machine's virtual CPUs to
 * another guest). Two readings give the share of CPU time stolen between them. On a system
 * without {@code /proc} every figure is -1 (unknown), never a guess.
 *
 * @param utc         when it was read, ISO-8601 UTC to the millisecond.
 * @param load1       the 1-minute load average.
 * @param load5       the 5-minute load average.
 * @param load15      the 15-minute load average.
 * @param runnable    threads runnable at that instant (the kernel's count, this reader included).
 * @param stealTicks  CPU time stolen since boot, in clock ticks.
 * @param totalTicks  all CPU time since boot, in clock ticks.
 */
public record HostLoad(String utc, double load1, double load5, double load15, int runnable, long stealTicks, long totalTicks)
{
    static final Path LOADAVG = Path.of("/proc/loadavg");
    static final Path STAT = Path.of("/proc/stat");
    /** A machine is busy, for {@link #busy}, when the share of CPU time stolen between two readings reaches this. */
    public static final double BUSY_STEAL_SHARE = 0.05;

    /** @return the machine's load now. */
    public static HostLoad now()
    {
        return read(LOADAVG, STAT);
    }

    static HostLoad read(final Path loadavg, final Path stat)
    {
        double load1 = -1;
        double load5 = -1;
        double load15 = -1;
        int runnable = -1;
        long steal = -1;
        long total = -1;
        try
        {
            final String[] fields = Files.readString(loadavg, StandardCharsets.US_ASCII).trim().split("\\s+");
            load1 = Double.parseDouble(fields[0]);
            load5 = Double.parseDouble(fields[1]);
            load15 = Double.parseDouble(fields[2]);
            // "running/total": the running count includes the reading thread itself.
            runnable = Integer.parseInt(fields[3].substring(0, fields[3].indexOf('/')));
        }
        catch (final IOException | RuntimeException ex)
        {
            // Unknown: left at -1.
        }
        try
        {
            for (final String line : Files.readAllLines(stat, StandardCharsets.US_ASCII))
            {
                if (line.startsWith("cpu "))
                {
                    final String[] fields = line.trim().split("\\s+");
                    long sum = 0;
                    // user nice system idle iowait irq softirq steal; guest time is already inside user and nice.
                    for (int i = 1; i <= Math.min(8, fields.length - 1); i++)
                    {
                        sum += Long.parseLong(fields[i]);
                    }
                    total = sum;
                    steal = fields.length > 8 ? Long.parseLong(fields[8]) : 0;
                    break;
                }
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            steal = -1;
            total = -1;
        }
        return new HostLoad(Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(), load1, load5, load15, runnable, steal, total);
    }

    /**
     * @param earlier a reading before this one.
     * @return the share of CPU time stolen between the two readings, 0..1, or -1 when unknown.
     */
    public double stealShareSince(final HostLoad earlier)
    {
        final long totalTicks = this.totalTicks - earlier.totalTicks;
        if (stealTicks < 0 || earlier.stealTicks < 0 || totalTicks <= 0)
        {
            return -1;
        }
        return (double)(stealTicks - earlier.stealTicks) / totalTicks;
    }

    /**
     * The stated test for a machine too busy to keep a real-clock run's timers: more runnable
     * threads on average over the last minute than cores (every core shared with another
     * process), or at least {@link #BUSY_STEAL_SHARE} of the CPU time stolen since {@code earlier}.
     *
     * @param earlier a reading before this one, or null.
     * @param cores   the cores this process may use.
     * @return whether the machine is busy.
     */
    public boolean busy(final HostLoad earlier, final int cores)
    {
        return load1 >= cores || (null != earlier && stealShareSince(earlier) >= BUSY_STEAL_SHARE);
    }

    /** The folder inside a run folder holding one file per stage: {@code host-load/<stage>.json}. */
    public static final String FOLDER = "host-load";

    /**
     * Records one stage's load in a run folder, beside its data: {@code host-load/<stage>.json}
     * with the readings before and after it and the share of CPU time stolen in between.
     *
     * @return where it was written.
     */
    public static Path writeStage(final RunFolder folder, final String stage, final HostLoad before, final HostLoad after)
        throws IOException
    {
        final ObjectMapper json = new ObjectMapper();
        final ObjectNode root = json.createObjectNode();
        root.put("stage", stage);
        root.set("before", json.valueToTree(before));
        root.set("after", json.valueToTree(after));
        root.put("stealShare", after.stealShareSince(before));
        root.put("busyAfter", after.busy(before, Runtime.getRuntime().availableProcessors()));
        return folder.write(FOLDER + "/" + stage + ".json", json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }

    /** @return the readings in words, e.g. {@code load 3.10 2.50 1.20 (5 runnable), steal 0.0 %}. */
    public String describe(final HostLoad earlier)
    {
        final double steal = null == earlier ? -1 : stealShareSince(earlier);
        return String.format(Locale.ROOT, "load %.2f %.2f %.2f (%d runnable)%s", load1, load5, load15, runnable,
            steal < 0 ? "" : String.format(Locale.ROOT, ", steal %.1f %%", 100 * steal));
    }
}
