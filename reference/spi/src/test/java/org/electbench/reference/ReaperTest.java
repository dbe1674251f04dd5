package org.electbench.reference;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.electbench.reference.net.IpCommand;
import org.electbench.reference.net.NamespaceNetwork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reaper removes what a killed run left, marked with an owner that is gone, and nothing else:
 * not a live owner's namespace or directory, and never what a link points at.
 */
class ReaperTest
{
    @TempDir
    Path tmp;

    private static long deadPid() throws Exception
    {
        final Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }

    @Test
    void aGoneOwnersNamespaceAndDirectoryGoAndALiveOwnersStay() throws Exception
    {
        final long dead = deadPid();
        final long live = ProcessHandle.current().pid();
        final String unavailable = NamespaceNetwork.unavailable(Reaper.NAMESPACE_PREFIX + live + "-0");
        assumeTrue(null == unavailable, unavailable);
        final String orphan = Reaper.NAMESPACE_PREFIX + dead + "-1";
        final String own = Reaper.NAMESPACE_PREFIX + live + "-1";
        IpCommand.run("netns", "add", orphan);
        IpCommand.run("netns", "add", own);
        try
        {
            final Path orphanDir = Files.createDirectory(tmp.resolve(Reaper.DIRECTORY_PREFIX + dead + "-x"));
            final Path outside = Files.createDirectory(tmp.resolve("outside"));
            Files.writeString(outside.resolve("keep"), "kept");
            Files.createSymbolicLink(orphanDir.resolve("link"), outside);
            final Path ownDir = Files.createDirectory(tmp.resolve(Reaper.DIRECTORY_PREFIX + live + "-y"));

            final List<String> removed = Reaper.reapOrphans(tmp);

            assertTrue(removed.contains("namespace " + orphan), removed.toString());
            assertFalse(namespaces().contains(orphan));
            assertTrue(namespaces().contains(own), "a live owner's namespace was removed");
            assertFalse(Files.exists(orphanDir));
            assertTrue(Files.exists(ownDir), "a live owner's directory was removed");
            assertTrue(Files.exists(outside.resolve("keep")), "the reaper followed a link");
        }
        finally
        {
            IpCommand.ip("netns", "del", orphan);
            IpCommand.ip("netns", "del", own);
        }
    }

    private static List<String> namespaces() throws Exception
    {
        final Process process = new ProcessBuilder("ip", "netns", "list").start();
        final String output = new String(process.getInputStream().readAllBytes());
        process.waitFor();
        return output.lines().map(line -> line.split(" ")[0]).toList();
    }
}
