package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import org.electbench.transport.FileSafety;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clean-up of left-behind driver directories as another local user would attack it. */
class AeronDirectoriesTest
{
    @TempDir
    Path root;
    private Path parent;
    private Path elsewhere;

    @BeforeEach
    void folders() throws IOException
    {
        parent = Files.createDirectory(root.resolve("parent"));
        elsewhere = Files.createDirectory(root.resolve("elsewhere"));
    }

    private final List<String> refusals = new ArrayList<>();

    /** A folder of someone else's files, which the clean-up must never reach. */
    private Path victim() throws IOException
    {
        final Path victim = Files.createDirectory(elsewhere.resolve("victim"));
        Files.writeString(victim.resolve("precious.txt"), "keep me");
        Files.createDirectory(victim.resolve("sub"));
        Files.writeString(victim.resolve("sub").resolve("also.txt"), "keep me too");
        // Looks like a dead driver's directory to a clean-up that trusts what it finds.
        Files.writeString(victim.resolve(AeronDirectories.MARKER), "pid 1\n");
        return victim;
    }

    private static void assertIntact(final Path victim) throws IOException
    {
        assertEquals("keep me", Files.readString(victim.resolve("precious.txt")));
        assertEquals("keep me too", Files.readString(victim.resolve("sub").resolve("also.txt")));
    }

    /** A directory a driver of this user marked and whose driver is gone (no CnC file). */
    private Path deadDriverDirectory(final String name) throws IOException
    {
        final Path dead = Files.createDirectory(parent.resolve(AeronDirectories.PREFIX + name));
        Files.writeString(dead.resolve(AeronDirectories.MARKER), "pid 1\n");
        Files.writeString(dead.resolve("loss-report.dat"), "x");
        return dead;
    }

    @Test
    void aLinkInsideADeadDriversDirectoryIsNeverFollowedAndTheVictimSurvives() throws IOException
    {
        final Path victim = victim();
        final Path dead = deadDriverDirectory("1-1-dead");
        Files.createSymbolicLink(dead.resolve("publications"), victim);

        assertEquals(0, AeronDirectories.deleteStale(parent.toFile(), 1_000, refusals::add));

        assertIntact(victim);
        assertTrue(Files.isSymbolicLink(dead.resolve("publications")), "the planted link is left as found");
        assertEquals(List.of("electbench: left " + dead + " in place: " + dead.resolve("publications") + " is a symbolic link"),
            refusals);
    }

    @Test
    void aTopLevelLinkNamedLikeADriverDirectoryIsNeitherFollowedNorDeleted() throws IOException
    {
        final Path victim = victim();
        final Path link = Files.createSymbolicLink(parent.resolve(AeronDirectories.PREFIX + "x"), victim);

        assertEquals(0, AeronDirectories.deleteStale(parent.toFile(), 1_000, refusals::add));

        assertIntact(victim);
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(List.of("electbench: left " + link + " in place: it is a symbolic link, not a driver's directory"), refusals);
    }

    @Test
    void aDeadDriversOwnDirectoryIsDeletedAndAnUnmarkedOneIsLeft() throws IOException
    {
        final Path dead = deadDriverDirectory("1-2-dead");
        final Path unmarked = Files.createDirectory(parent.resolve(AeronDirectories.PREFIX + "1-3-unmarked"));

        assertEquals(1, AeronDirectories.deleteStale(parent.toFile(), 1_000, refusals::add));

        assertFalse(Files.exists(dead));
        assertTrue(Files.isDirectory(unmarked));
        assertEquals(List.of("electbench: left " + unmarked + " in place: no " + AeronDirectories.MARKER +
            " marker of this user's driver in it"), refusals);
    }

    @Test
    void anotherUsersFileInADeadDirectoryKeepsTheWholeDirectory() throws IOException
    {
        assumeTrue(0 == FileSafety.currentUid(), "giving a file to another user needs root; skipped as user " +
            FileSafety.currentUid());
        final Path dead = deadDriverDirectory("1-4-dead");
        final Path theirs = Files.writeString(dead.resolve("theirs.dat"), "theirs");
        Files.setAttribute(theirs, "unix:uid", 54_321);

        assertEquals(0, AeronDirectories.deleteStale(parent.toFile(), 1_000, refusals::add));

        assertEquals("theirs", Files.readString(theirs));
        assertEquals(List.of("electbench: left " + dead + " in place: " + theirs +
            " belongs to user id 54321, not to this user (0)"), refusals);
    }

    @Test
    void thePrivateParentIsMadeOwnerOnlyAndRefusedWhenALinkOrOpenToOthers() throws IOException
    {
        final Path made = FileSafety.privateFolder(parent.resolve("electbench-7"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(made)));

        final Path link = Files.createSymbolicLink(parent.resolve("electbench-8"), victim());
        assertEquals("refusing the private folder " + link + ": it is a symbolic link, not a directory; remove it",
            assertThrows(IllegalArgumentException.class, () -> FileSafety.privateFolder(link)).getMessage());

        final Path open = Files.createDirectory(parent.resolve("electbench-9"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertEquals("refusing the private folder " + open + ": its mode rwxrwxrwx lets other users in (it must be " +
                "rwx------); remove it or chmod 700 it",
            assertThrows(IllegalArgumentException.class, () -> FileSafety.privateFolder(open)).getMessage());
    }

    @Test
    void aLiveDriversDirectoryIsKeptHoweverOldItsFolderLooks() throws IOException
    {
        final File live = parent.resolve(AeronDirectories.PREFIX + "1-5-live").toFile();
        try (EmbeddedDriver driver = EmbeddedDriver.builder().directory(live).launch())
        {
            final long longAgoMs = System.currentTimeMillis() - 3_600_000;
            assertTrue(live.setLastModified(longAgoMs));
            assertEquals(0, AeronDirectories.deleteStale(parent.toFile(), 60_000, refusals::add));
            assertTrue(new File(live, "cnc.dat").isFile());
            assertFalse(driver.aeron().isClosed());
            assertEquals(List.of(), refusals);
        }
    }
}
