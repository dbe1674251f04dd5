package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.electbench.analysis.trace.TraceWriter;
import org.electbench.harness.RunFolder;
import org.electbench.transport.AtomicOutput;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every writer keeps an old file whole when a new one cannot be written, and leaves no temporary
 * file behind: the trace, the report and the run folder, on a file system that is full (a 1 MiB
 * tmpfs the test mounts; skipped, with the reason, where it cannot mount one). New files take the
 * mode the umask gives, as any program's do.
 */
class WholeFilesTest
{
    private static final byte[] OLD = "old content, whole\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path temp;

    private Path mounted;

    /** @return a folder on a full-able 1 MiB tmpfs, or skips the test saying why there is none. */
    private Path smallDisk() throws Exception
    {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root; the disk-full case is not run");
        final Path point = Files.createDirectory(temp.resolve("small"));
        final Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", point.toString())
            .redirectErrorStream(true).start();
        final String output = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Assumptions.assumeTrue(mount.waitFor(30, TimeUnit.SECONDS) && mount.exitValue() == 0,
            "cannot mount a tmpfs here (" + output + "); the disk-full case is not run");
        mounted = point;
        return point;
    }

    @AfterEach
    void unmount() throws Exception
    {
        if (null != mounted)
        {
            new ProcessBuilder("umount", mounted.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static List<Path> filesIn(final Path folder) throws IOException
    {
        try (Stream<Path> walk = Files.walk(folder))
        {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void traceOnAFullDiskKeepsTheOldTraceAndLeavesNoTemporaryFile() throws Exception
    {
        final Path disk = smallDisk();
        final Path trace = disk.resolve("run.jsonl");
        Files.write(trace, OLD);
        final TraceWriter writer = new TraceWriter(trace, "bully", 5, List.of("ELECTION", "OK"), "virtual", "test");
        final UncheckedIOException full = assertThrows(UncheckedIOException.class, () ->
        {
            for (long i = 1; i < 1_000_000; i++)
            {
                writer.onSend(i, i, 1, 2, 0, 12);
            }
        });
        assertTrue(full.getMessage().contains(trace.toString()), full.getMessage());
        assertThrows(UncheckedIOException.class, writer::close);
        assertArrayEquals(OLD, Files.readAllBytes(trace));
        assertEquals(List.of(trace), filesIn(disk));
    }

    @Test
    void reportOnAFullDiskKeepsTheOldFilesAndLeavesNoTemporaryFile() throws Exception
    {
        final Path disk = smallDisk();
        final RunData data = RunFolders.read(List.of(SampleRun.create(temp.resolve("run"))), Declarations::lookup);
        final Path report = disk.resolve("report");
        final Path index = report.resolve(ReportWriter.INDEX_HTML);
        Files.createDirectories(report);
        Files.write(index, OLD);
        // Leave a few KiB: the small tables fit, the charts and the page do not.
        final Path filler = disk.resolve("filler");
        Files.write(filler, new byte[1024 * 1024 - 48 * 1024]);
        assertThrows(UncheckedIOException.class, () -> ReportWriter.write(data, report));
        assertArrayEquals(OLD, Files.readAllBytes(index));
        for (final Path file : filesIn(disk))
        {
            assertFalse(file.getFileName().toString().endsWith(AtomicOutput.TEMPORARY_SUFFIX), file + " left behind");
        }
        // The marker went in first (it fits); the report stopped midway says so.
        assertTrue(Files.readString(report.resolve(ReportWriter.INCOMPLETE)).contains("stopped midway"));
    }

    @Test
    void runFolderAndRunOutputOnAFullDiskKeepTheOldFileAndLeaveNoTemporaryFile() throws Exception
    {
        final Path disk = smallDisk();
        final Path tables = disk.resolve("tables.md");
        Files.write(tables, OLD);
        final byte[] big = new byte[2 * 1024 * 1024];
        assertThrows(IOException.class, () -> AtomicOutput.to(tables).write(big));
        assertArrayEquals(OLD, Files.readAllBytes(tables));

        final Path folder = Files.createDirectories(disk.resolve("20261126T000000Z-abc1234"));
        assertThrows(IOException.class, () -> RunFolder.open(folder).write("reports/cell.json", big));
        assertEquals(List.of(tables), filesIn(disk));
    }

    @Test
    void newFilesTakeTheModeTheUmaskGives() throws Exception
    {
        final Set<PosixFilePermission> umasked = Files.getPosixFilePermissions(Files.createFile(temp.resolve("plain")));
        final Path run = SampleRun.create(temp.resolve("run"));
        final List<Path> written = ReportWriter.write(RunFolders.read(List.of(run), Declarations::lookup), temp.resolve("report"));
        assertEquals(umasked, Files.getPosixFilePermissions(written.get(0)));
        assertEquals(umasked, Files.getPosixFilePermissions(temp.resolve("report").resolve(ReportWriter.INDEX_HTML)));
        final Path cell = RunFolder.open(run).write("reports/cell.json", OLD);
        assertEquals(umasked, Files.getPosixFilePermissions(cell));
        final Path trace = temp.resolve("run.jsonl");
        new TraceWriter(trace, "bully", 5, List.of("ELECTION"), "virtual", "test").close();
        assertEquals(umasked, Files.getPosixFilePermissions(trace));
        // Under the usual umask 022 that is rw-r--r--: a colleague can read the results.
        assertTrue(umasked.contains(PosixFilePermission.OWNER_WRITE));
    }
}
