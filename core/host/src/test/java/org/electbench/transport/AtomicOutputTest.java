package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest
{
    @TempDir
    Path folder;

    @Test
    void anExistingFileKeepsItsModeAndGetsTheNewContent() throws IOException
    {
        final Path file = folder.resolve("results.md");
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        AtomicOutput.to(file).write("new");
        assertEquals("new", Files.readString(file));
        assertEquals(PosixFilePermissions.fromString("rw-r--r--"), Files.getPosixFilePermissions(file));
        assertEquals(Set.of(file), entries());
    }

    @Test
    void aNewFileGetsTheModeTheUmaskGivesRatherThanOwnerOnly() throws IOException
    {
        final Path plain = folder.resolve("plain");
        Files.createFile(plain);
        final Path written = folder.resolve("written");
        AtomicOutput.to(written).write("x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
    }

    @Test
    void aSymbolicLinkIsRefusedAndItsTargetKept() throws IOException
    {
        final Path target = folder.resolve("target.md");
        Files.writeString(target, "old");
        final Path link = Files.createSymbolicLink(folder.resolve("link.md"), Path.of("target.md"));
        assertEquals("'" + link + "' is a symbolic link; electbench writes nothing through a link: name the file itself",
            refusal(link));
        assertEquals("old", Files.readString(target));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aDeviceNodeIsWrittenInPlaceNeverReplaced() throws Exception
    {
        final Path full = folder.resolve("full");
        final Path nul = folder.resolve("null");
        final String failure = run("mknod", full.toString(), "c", "1", "7") + run("mknod", nul.toString(), "c", "1", "3");
        assumeTrue(failure.isEmpty(), () -> "cannot make device nodes here (mknod needs root): " + failure);

        final AtomicOutput out = AtomicOutput.to(full);
        final IOException ex = assertThrows(IOException.class, () -> out.write("results"));
        assertTrue(ex.getMessage().contains("No space left on device"), ex.getMessage());
        assertEquals(FileSafety.CHARACTER_DEVICE, FileSafety.specialKind(full), "the device is still the device");

        AtomicOutput.to(nul).write("results");
        assertEquals(FileSafety.CHARACTER_DEVICE, FileSafety.specialKind(nul));
        assertEquals(Set.of(full, nul), entries(), "no temporary file beside them");
    }

    @Test
    void aFifoIsWrittenIntoInPlace() throws Exception
    {
        final Path fifo = folder.resolve("pipe");
        final String failure = run("mkfifo", fifo.toString());
        assumeTrue(failure.isEmpty(), () -> "cannot make a FIFO here: " + failure);
        final AtomicOutput out = AtomicOutput.to(fifo);
        final CompletableFuture<String> read = CompletableFuture.supplyAsync(() ->
        {
            try
            {
                return Files.readString(fifo);
            }
            catch (final IOException ex)
            {
                throw new java.io.UncheckedIOException(ex);
            }
        });
        out.write("through the pipe");
        assertEquals("through the pipe", read.get(60, TimeUnit.SECONDS));
        assertEquals(FileSafety.FIFO, FileSafety.specialKind(fifo));
    }

    @Test
    void insideAFolderALinkOnTheWayOrAtTheFileIsRefusedAndNothingWrittenThroughIt() throws IOException
    {
        final Path victim = Files.createDirectory(folder.resolve("victim"));
        final Path bashrc = Files.writeString(victim.resolve(".bashrc"), "alias ls='ls'\n");
        final Path run = Files.createDirectory(folder.resolve("run"));
        final Path report = run.resolve("report");
        Files.createSymbolicLink(report, victim);
        assertEquals("'" + report.toAbsolutePath() + "' is a symbolic link, not a folder; electbench writes nothing " +
                "through a link: remove it and run again",
            assertThrows(IllegalArgumentException.class, () -> AtomicOutput.inside(run, report.resolve("index.html"))).getMessage());
        Files.delete(report);
        Files.createDirectory(report);
        final Path index = Files.createSymbolicLink(report.resolve("index.html"), bashrc);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AtomicOutput.inside(run, index)).getMessage()
            .endsWith("is a symbolic link; electbench writes nothing through a link: name the file itself"));
        assertEquals("alias ls='ls'\n", Files.readString(bashrc));
        assertEquals(Set.of(bashrc), Set.copyOf(Files.list(victim).toList()));

        AtomicOutput.inside(run, run.resolve("report/tables/a.md")).write("| a |");
        assertEquals("| a |", Files.readString(run.resolve("report/tables/a.md")));
    }

    /** @return "" when the command succeeds, else what it said. */
    private static String run(final String... command) throws InterruptedException
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return 0 == process.waitFor() ? "" : command[0] + ": " + output;
        }
        catch (final IOException ex)
        {
            return ex.getMessage();
        }
    }

    @Test
    void aFailingWriterLeavesTheOldFileByteIdenticalAndNoTemporaryFile() throws IOException
    {
        final Path file = folder.resolve("results.md");
        final byte[] old = "old results\n".getBytes(StandardCharsets.UTF_8);
        Files.write(file, old);
        final AtomicOutput out = AtomicOutput.to(file);
        final IOException ex = assertThrows(IOException.class, () -> out.write(stream ->
        {
            stream.write("half of the new".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals("disk full", ex.getMessage());
        assertArrayEquals(old, Files.readAllBytes(file));
        assertEquals(Set.of(file), entries());
    }

    @Test
    void badDestinationsAreRefusedUpFrontNamingThemAndNoFolderIsCreated()
    {
        assertTrue(refusal(Path.of("")).contains("names no file"));
        assertTrue(refusal(folder).contains("is a directory"));
        final Path missing = folder.resolve("no/such/folder/out.md");
        assertTrue(refusal(missing).contains("does not exist"), refusal(missing));
        assertFalse(Files.exists(folder.resolve("no")));
    }

    @Test
    void aReadOnlyFileIsRefused() throws IOException
    {
        final Path file = folder.resolve("locked.md");
        Files.writeString(file, "keep");
        Files.setPosixFilePermissions(file, Set.of(PosixFilePermission.OWNER_READ));
        // Root may write anything; the check follows what the file system allows this user.
        if (!Files.isWritable(file))
        {
            assertTrue(refusal(file).contains("is read-only"));
        }
    }

    private static String refusal(final Path path)
    {
        return assertThrows(IllegalArgumentException.class, () -> AtomicOutput.to(path)).getMessage();
    }

    private Set<Path> entries() throws IOException
    {
        try (Stream<Path> list = Files.list(folder))
        {
            return Set.copyOf(list.toList());
        }
    }
}
