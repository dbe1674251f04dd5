package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.electbench.transport.FileSafety;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --out} as a user expects of any tool writing a file: an existing file keeps its mode,
 * a new one gets the umask's, a device is written into and never replaced (a link is refused:
 * {@link OutputTrustTest}).
 */
class OutFileIT
{
    /** The tables' bully row at n = 5 in the simulator, however its cells are padded. */
    private static final Pattern BULLY_ROW = Pattern.compile("(?m)^\\|\\s*bully\\s*\\|\\s*sim\\s*\\|\\s*5\\s*\\|");


    @TempDir
    Path dir;

    @TempDir
    Path runs;

    @Test
    void outOverAnExisting0644FileKeepsItsModeAndHoldsTheTables() throws IOException
    {
        final Path out = dir.resolve("comparison.md");
        Files.writeString(out, "earlier\n");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r--r--"));
        final SimulateCommandTest.Outcome outcome = run(out);
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        assertTablesWritten(outcome, out);
        assertEquals(List.of(out), entries(), "no temporary file left beside it");
    }

    @Test
    void outToADeviceNodeWritesIntoItAndNeverReplacesIt() throws Exception
    {
        final Path full = dir.resolve("full");
        final Path nul = dir.resolve("null");
        final String failure = mknod(full, 7) + mknod(nul, 3);
        Assumptions.assumeTrue(failure.isEmpty(), () -> "cannot make device nodes here (mknod needs root): " + failure);

        run(nul);
        assertEquals(FileSafety.CHARACTER_DEVICE, FileSafety.specialKind(nul), "/dev/null's twin is still a device");

        final SimulateCommandTest.Outcome onFull = SimulateCommandTest.electbench("run",
            "--runs-dir", runs.toString(), "--algorithm", "bully", "--nodes", "5", "--scenario", "leader-crash",
            "-wi", "0", "-i", "1", "--out", full.toString());
        assertEquals(1, onFull.exitCode(), onFull.err());
        assertTrue(onFull.err().contains("No space left on device"), onFull.err());
        assertEquals(FileSafety.CHARACTER_DEVICE, FileSafety.specialKind(full), "/dev/full's twin is still a device");
        assertEquals(Set.of(full, nul), Set.copyOf(entries()), "no temporary file beside them");
    }

    /** @return "" when a character device with major 1 and this minor was made, else why not. */
    private static String mknod(final Path node, final int minor) throws Exception
    {
        try
        {
            final Process process = new ProcessBuilder("mknod", node.toString(), "c", "1", Integer.toString(minor))
                .redirectErrorStream(true).start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return 0 == process.waitFor() ? "" : output;
        }
        catch (final IOException ex)
        {
            return ex.getMessage();
        }
    }

    @Test
    void aNewOutFileGetsTheModeAnyNewFileGets() throws IOException
    {
        final Path reference = Files.createFile(dir.resolve("reference"));
        final Path out = dir.resolve("new.md");
        run(out);
        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(out));
    }

    /** The file holds the run folder's tables.md, whole (the terminal shows what fits 120 columns). */
    private void assertTablesWritten(final SimulateCommandTest.Outcome outcome, final Path file) throws IOException
    {
        final String tables = Files.readString(file);
        assertTrue(BULLY_ROW.matcher(tables).find(), tables);
        try (Stream<Path> folders = Files.list(runs))
        {
            final List<Path> written = folders.toList();
            assertEquals(1, written.size(), written.toString());
            assertEquals(Files.readString(written.get(0).resolve("tables.md")), tables);
        }
        assertTrue(outcome.out().contains("Every table, every column: "), outcome.out());
    }

    private SimulateCommandTest.Outcome run(final Path out)
    {
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("run",
            "--runs-dir", runs.toString(), "--algorithm", "bully", "--nodes", "5", "--scenario", "leader-crash",
            "-wi", "0", "-i", "3", "--out", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(BULLY_ROW.matcher(outcome.out()).find(), outcome.out());
        return outcome;
    }

    private List<Path> entries() throws IOException
    {
        try (Stream<Path> files = Files.list(dir))
        {
            return files.toList();
        }
    }
}
