package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
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
    void aSymbolicLinkStaysALinkAndItsTargetGetsTheContent() throws IOException
    {
        final Path target = folder.resolve("target.md");
        Files.writeString(target, "old");
        final Path link = Files.createSymbolicLink(folder.resolve("link.md"), Path.of("target.md"));
        final AtomicOutput out = AtomicOutput.to(link);
        assertEquals(target, out.target());
        out.write("new");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(Path.of("target.md"), Files.readSymbolicLink(link));
        assertEquals("new", Files.readString(target));
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
    void aLinkLoopIsRefused() throws IOException
    {
        final Path a = folder.resolve("a");
        final Path b = folder.resolve("b");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        assertTrue(refusal(a).contains("too many levels of symbolic links"));
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
