package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.electbench.harness.JmhStages;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C in the middle of {@code run} and {@code chaos}, in a child JVM as a user's shell would
 * send it (SIGINT): results written earlier stay byte-identical, no temporary file is left in the
 * result folder or the temporary folder, and chaos prints the report of the schedules it ran.
 */
class InterruptIT
{
    private static final long AWAIT_NS = TimeUnit.SECONDS.toNanos(40);

    /** SIGINT's exit status: 128 + 2. */
    private static final int SIGINT_EXIT = 130;

    @TempDir
    Path dir;

    private Path results;
    private Path temporary;

    @BeforeEach
    void folders() throws IOException
    {
        results = Files.createDirectories(dir.resolve("results"));
        temporary = Files.createDirectories(dir.resolve("tmp"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void interruptedRunLeavesEarlierResultsByteIdenticalAndNoTemporaryFile() throws Exception
    {
        assumeSigintReachesChildren();
        final Path comparison = results.resolve("comparison.md");
        final byte[] earlier = "# an earlier comparison\n\n| bully | 5 | 1.0 |\n".getBytes(StandardCharsets.UTF_8);
        Files.write(comparison, earlier);
        Files.writeString(results.resolve("notes.txt"), "kept\n");
        final Map<Path, byte[]> before = contents(results);

        // One cell through the benchmark jar with more elections than the test waits for: the first
        // progress line says the run is under way.
        final Path runs = Files.createDirectories(dir.resolve("runs"));
        final Process child = start(List.of("run", "--runs-dir", runs.toString(),
            "--out", comparison.toString(), "--algorithm", "bully", "--nodes", "5", "--scenario", "leader-crash",
            "-wi", "0", "-i", "1000000"));
        await(() -> read(dir.resolve("err.txt")).contains("[1/1]") || !child.isAlive(), child);
        assertTrue(child.isAlive(), "the run ended before it could be interrupted:\n" + read(dir.resolve("err.txt")));
        interrupt(child);

        try (var folders = Files.list(runs))
        {
            final List<Path> made = folders.toList();
            assertEquals(1, made.size(), made.toString());
            assertTrue(Files.exists(made.get(0).resolve("incomplete")), "the interrupted run's folder says so: " + made.get(0));
        }
        assertNotEquals(0, child.exitValue(), "an interrupted run does not claim success");
        final Map<Path, byte[]> after = contents(results);
        assertEquals(before.keySet(), after.keySet(), "no file added to the result folder, temporary or not");
        for (final Map.Entry<Path, byte[]> entry : before.entrySet())
        {
            assertArrayEquals(entry.getValue(), after.get(entry.getKey()), entry.getKey() + " changed");
        }
        assertEquals(Map.of(), ours(temporary), "nothing of ours left in the temporary folder");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void interruptedChaosPrintsTheCountsAndFirstSeedsOfTheSchedulesThatRan() throws Exception
    {
        assumeSigintReachesChildren();
        final Path earlier = results.resolve("chaos-earlier.txt");
        Files.writeString(earlier, "chaos: n=5 schedules=1000 seed=1\n");
        final Map<Path, byte[]> before = contents(results);
        final int schedules = 1_000_000;
        final Process child = start(List.of("chaos", "--algorithm", "bully,quorum", "--nodes", "5",
            "--schedules", String.valueOf(schedules), "--seed", "7"));
        await(() -> read(dir.resolve("err.txt")).contains("Ctrl-C stops") || !child.isAlive(), child);
        assertTrue(child.isAlive(), "chaos ended before it could be interrupted:\n" + read(dir.resolve("err.txt")));
        // Let some schedules run, so the report has something to say.
        Thread.sleep(1500);
        interrupt(child);

        assertEquals(SIGINT_EXIT, child.exitValue());
        final String out = read(dir.resolve("out.txt"));
        final String err = read(dir.resolve("err.txt"));
        final Matcher header = Pattern.compile("chaos: n=5 schedules=(\\d+) seed=7").matcher(out);
        assertTrue(header.find(), "no partial report:\n" + out + "\n" + err);
        final int ran = Integer.parseInt(header.group(1));
        assertTrue(ran > 0 && ran < schedules, "the report covers the schedules that ran, " + ran);
        final Matcher row = Pattern.compile("(?m)^\\|\\s*bully\\s*\\|\\s*5\\s*\\|\\s*(\\d+)\\s*\\|").matcher(out);
        assertTrue(row.find(), out);
        assertEquals(ran, Integer.parseInt(row.group(1)));
        assertTrue(out.contains("first seed of each violation"), out);
        assertTrue(Pattern.compile("(?m)^  bully\\s+(none|\\S.*\\d)$").matcher(out).find(), "bully's first seeds, or none:\n" + out);
        assertTrue(!out.contains("quorum"), "quorum never started:\n" + out);
        assertTrue(err.contains("interrupted after " + ran + " of " + schedules + " schedules of bully"), err);
        assertEquals(before.keySet(), contents(results).keySet());
        assertArrayEquals(before.get(results.relativize(earlier)), Files.readAllBytes(earlier));
        assertEquals(Map.of(), ours(temporary), "nothing of ours left in the temporary folder");
    }

    private Process start(final List<String> args) throws IOException
    {
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final List<String> command = new ArrayList<>(List.of(java,
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx256m", "-XX:+UseSerialGC",
            "-Djava.io.tmpdir=" + temporary,
            "-D" + JmhStages.IGNORE_LOCK + "=" + Boolean.getBoolean(JmhStages.IGNORE_LOCK),
            "-cp", System.getProperty("java.class.path"),
            Main.class.getName()));
        command.addAll(args);
        final ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectOutput(dir.resolve("out.txt").toFile());
        builder.redirectError(dir.resolve("err.txt").toFile());
        return builder.start();
    }

    /** Sends SIGINT, as Ctrl-C in a terminal does, and waits for the child to end. */
    private void interrupt(final Process child) throws Exception
    {
        final Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(child.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -INT");
        if (!child.waitFor(AWAIT_NS, TimeUnit.NANOSECONDS))
        {
            child.destroyForcibly().waitFor();
            fail("did not end within " + TimeUnit.NANOSECONDS.toSeconds(AWAIT_NS) + " s of SIGINT:\n" + read(dir.resolve("err.txt")));
        }
    }

    /**
     * A process started with SIGINT ignored (a background job of a shell without job control)
     * passes that on to its children, and a JVM leaves an ignored SIGINT ignored: nothing here
     * could then be interrupted, so the test says so instead of failing.
     */
    private static void assumeSigintReachesChildren() throws IOException
    {
        try (BufferedReader status = Files.newBufferedReader(Path.of("/proc/self/status")))
        {
            for (String line = status.readLine(); null != line; line = status.readLine())
            {
                if (line.startsWith("SigIgn:"))
                {
                    final long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
                    Assumptions.assumeTrue((ignored & (1L << 1)) == 0, "SIGINT is ignored by this process and its children");
                }
            }
        }
        catch (final java.nio.file.NoSuchFileException ex)
        {
            Assumptions.abort("no /proc: cannot tell whether SIGINT reaches a child");
        }
    }

    /** @return the folder's contents but JMH's own lock file, which JMH creates once and keeps by design. */
    private static Map<Path, byte[]> ours(final Path temporary) throws IOException
    {
        final Map<Path, byte[]> files = contents(temporary);
        files.remove(Path.of("jmh.lock"));
        return files;
    }

    private static Map<Path, byte[]> contents(final Path folder) throws IOException
    {
        final Map<Path, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder))
        {
            for (final Path path : (Iterable<Path>)walk.filter(path -> !path.equals(folder))::iterator)
            {
                files.put(folder.relativize(path), Files.isDirectory(path) ? new byte[0] : Files.readAllBytes(path));
            }
        }
        return files;
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        }
        catch (final IOException ex)
        {
            return "(unreadable: " + ex.getMessage() + ")";
        }
    }

    private void await(final BooleanSupplier condition, final Process child)
    {
        final SleepingMillisIdleStrategy idle = new SleepingMillisIdleStrategy(20);
        final long deadlineNs = System.nanoTime() + AWAIT_NS;
        while (!condition.getAsBoolean())
        {
            if (deadlineNs - System.nanoTime() <= 0)
            {
                child.destroyForcibly();
                fail("not under way within " + TimeUnit.NANOSECONDS.toSeconds(AWAIT_NS) + " s:\n" + read(dir.resolve("err.txt")));
            }
            idle.idle();
        }
    }
}
