package org.electbench.reference;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.electbench.reference.net.IpCommand;

/**
 * Removes what an earlier run left when it was killed before it could clean up: node processes,
 * network namespaces (their nft tables and veth pairs go with them), the bridge, and private
 * directories. It recognizes only its own resources, each marked with the owning process's pid
 * ({@link #OWNER_PROPERTY} on a node's command line, {@link #NAMESPACE_PREFIX}, {@link #BRIDGE_PREFIX}
 * and {@link #DIRECTORY_PREFIX} in names), and only those whose owner is gone.
 */
public final class Reaper
{
    /** The system property that marks a node process with its owner's pid. */
    public static final String OWNER_PROPERTY = "electbench.reference.owner";
    /** Namespaces are named {@code ebref-OWNER-ID}. */
    public static final String NAMESPACE_PREFIX = "ebref-";
    /** The bridge is named {@code ebrb} and the owner's pid. */
    public static final String BRIDGE_PREFIX = "ebrb";
    /** Private directories under the temporary directory are named {@code electbench-ref-OWNER-…}. */
    public static final String DIRECTORY_PREFIX = "electbench-ref-";

    private static final Pattern NAMESPACE = Pattern.compile("^" + NAMESPACE_PREFIX + "(\\d+)-\\d+\\b.*");
    private static final Pattern BRIDGE = Pattern.compile("^\\d+: " + BRIDGE_PREFIX + "(\\d+)[:@].*");
    private static final Pattern DIRECTORY = Pattern.compile("^" + Pattern.quote(DIRECTORY_PREFIX) + "(\\d+)-.*");
    private static final Pattern OWNER = Pattern.compile("-D" + Pattern.quote(OWNER_PROPERTY) + "=(\\d+)");

    private Reaper()
    {
    }

    /** @return what was removed, one line each (empty when nothing was left). */
    public static List<String> reapOrphans(final Path tmp)
    {
        final List<String> removed = new ArrayList<>();
        reapProcesses(removed);
        for (final String line : lines("netns", "list"))
        {
            final Matcher matcher = NAMESPACE.matcher(line);
            if (matcher.matches() && ownerGone(matcher.group(1)))
            {
                final String name = line.split(" ")[0];
                if (null == IpCommand.ip("netns", "del", name))
                {
                    removed.add("namespace " + name);
                }
            }
        }
        for (final String line : lines("-o", "link", "show", "type", "bridge"))
        {
            final Matcher matcher = BRIDGE.matcher(line);
            if (matcher.matches() && ownerGone(matcher.group(1)))
            {
                final String name = BRIDGE_PREFIX + matcher.group(1);
                if (null == IpCommand.ip("link", "del", name))
                {
                    removed.add("bridge " + name);
                }
            }
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, DIRECTORY_PREFIX + "*"))
        {
            for (final Path entry : entries)
            {
                final Matcher matcher = DIRECTORY.matcher(entry.getFileName().toString());
                if (matcher.matches() && ownerGone(matcher.group(1)) &&
                    Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS))
                {
                    deleteTree(entry);
                    removed.add("directory " + entry);
                }
            }
        }
        catch (final IOException ex)
        {
            removed.add("(could not list " + tmp + ": " + ex.getMessage() + ")");
        }
        return removed;
    }

    private static void reapProcesses(final List<String> removed)
    {
        ProcessHandle.allProcesses().forEach(process ->
        {
            final String commandLine = process.info().commandLine().orElse("");
            final Matcher matcher = OWNER.matcher(commandLine);
            if (matcher.find() && ownerGone(matcher.group(1)) && process.destroyForcibly())
            {
                removed.add("process " + process.pid());
            }
        });
    }

    private static boolean ownerGone(final String pid)
    {
        final long owner = Long.parseLong(pid);
        return owner != ProcessHandle.current().pid() && ProcessHandle.of(owner).map(handle -> !handle.isAlive()).orElse(true);
    }

    private static List<String> lines(final String... args)
    {
        final List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return output.lines().toList();
        }
        catch (final IOException ex)
        {
            return List.of();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    /** Deletes a directory tree without following a link: a link is removed, never what it points at. */
    public static void deleteTree(final Path root)
    {
        try
        {
            Files.walkFileTree(root, new SimpleFileVisitor<>()
            {
                @Override
                public FileVisitResult visitFile(final Path file, final BasicFileAttributes attributes) throws IOException
                {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(final Path file, final IOException ex)
                {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(final Path dir, final IOException ex) throws IOException
                {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        catch (final IOException ex)
        {
            // What is left, the next start's reaper removes.
        }
    }
}
