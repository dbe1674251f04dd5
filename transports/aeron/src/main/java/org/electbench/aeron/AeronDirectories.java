package org.electbench.aeron;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.aeron.CncFileDescriptor;
import io.aeron.CommonContext;
import org.electbench.transport.FileSafety;

/**
 * Where the embedded drivers keep their directories, and the clean-up of those killed runs left.
 * <p>
 * Every directory lives under one private folder per user, {@code <java.io.tmpdir>/electbench-<uid>}
 * (or {@code -Delectbench.aeron.parent=DIR}), mode 0700 and refused when it is a link, another
 * user's, or open to others: no other local user can read a driver's log buffers, plant a link in
 * it, or take a name in it. The clean-up deletes only directories marked by a driver of this user
 * ({@value #MARKER}), whose driver's CnC heartbeat has been silent for the threshold, after checking
 * without following links that every entry is this user's directory or regular file; anything else
 * is left in place with one line saying why. A live driver's directory is never judged by its age.
 */
public final class AeronDirectories
{
    /** Directory names start with this, so leftovers of a killed run are easy to find. */
    public static final String PREFIX = "electbench-aeron-";
    /** The file a launch writes into its driver's directory once the driver runs: "this user's driver made this". */
    public static final String MARKER = "electbench-driver";
    /** System property naming the private parent instead of {@code <java.io.tmpdir>/electbench-<uid>}. */
    public static final String PARENT_PROPERTY = "electbench.aeron.parent";
    private static final AtomicInteger LAUNCHES = new AtomicInteger();

    private AeronDirectories()
    {
    }

    /**
     * @return the private parent of this user's driver directories, made (0700) on first use.
     * @throws IllegalArgumentException when the folder there is a link, another user's or open to others.
     */
    public static File parent()
    {
        final String configured = System.getProperty(PARENT_PROPERTY);
        final Path folder = null != configured && !configured.isEmpty() ? Path.of(configured) :
            Path.of(System.getProperty("java.io.tmpdir"), "electbench-" + FileSafety.currentUid());
        return FileSafety.privateFolder(folder.toAbsolutePath()).toFile();
    }

    /** @return a directory name in {@link #parent()} no other launch in this or another live process uses. */
    static File unique()
    {
        final String name = PREFIX + ProcessHandle.current().pid() + "-" + LAUNCHES.incrementAndGet() + "-" +
            Long.toHexString(System.nanoTime());
        return new File(parent(), name);
    }

    /**
     * After the driver has made its directory: the marker, and owner-only modes on what is there (files the
     * driver makes later get the umask's mode, but sit in folders no other user may enter).
     */
    static void claim(final File directory)
    {
        final Path path = directory.toPath();
        try
        {
            Files.write(path.resolve(MARKER), ("pid " + ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII),
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            FileSafety.restrictToOwner(path);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot mark the Aeron directory " + directory + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * Deletes a driver's directory with what it holds, never following a link; a directory holding anything
     * but this user's folders and files is left, with one line on {@code refusals}.
     */
    static void delete(final File directory, final Consumer<String> refusals)
    {
        try
        {
            final String refusal = FileSafety.deleteOwnTree(directory.toPath());
            if (null != refusal)
            {
                refusals.accept("electbench: left the Aeron directory " + directory + " in place: " + refusal);
            }
        }
        catch (final IOException ex)
        {
            refusals.accept("electbench: cannot delete the Aeron directory " + directory + ": " + ex.getMessage());
        }
    }

    /**
     * Deletes the directories in {@code parent} that killed runs left behind: this user's, marked by a driver,
     * whose driver's heartbeat has been silent for {@code staleAfterMs}. Anything else named {@value #PREFIX}...
     * is left alone, with one line on {@code refusals} when it is not what a driver of this user makes.
     *
     * @return how many were deleted.
     */
    public static int deleteStale(final File parent, final long staleAfterMs, final Consumer<String> refusals)
    {
        int deleted = 0;
        try (DirectoryStream<Path> candidates = Files.newDirectoryStream(parent.toPath(), PREFIX + "*"))
        {
            for (final Path candidate : candidates)
            {
                final String foreign = foreign(candidate);
                if (null != foreign)
                {
                    refusals.accept("electbench: left " + candidate + " in place: " + foreign);
                }
                else if (isStale(candidate.toFile(), staleAfterMs))
                {
                    final String refusal = FileSafety.deleteOwnTree(candidate);
                    if (null == refusal)
                    {
                        deleted++;
                    }
                    else
                    {
                        refusals.accept("electbench: left " + candidate + " in place: " + refusal);
                    }
                }
            }
        }
        catch (final IOException ex)
        {
            refusals.accept("electbench: cannot clean up Aeron directories in " + parent + ": " + ex.getMessage());
        }
        return deleted;
    }

    /** @return null when {@code candidate} is a directory of this user holding the marker, else what it is. */
    private static String foreign(final Path candidate) throws IOException
    {
        final BasicFileAttributes attributes = FileSafety.lstat(candidate);
        if (null == attributes)
        {
            return "gone";
        }
        if (!attributes.isDirectory())
        {
            return "it is " + FileSafety.kind(attributes) + ", not a driver's directory";
        }
        final int owner = FileSafety.ownerUid(candidate);
        if (owner != FileSafety.currentUid())
        {
            return "it belongs to user id " + owner + ", not to this user";
        }
        final BasicFileAttributes marker = FileSafety.lstat(candidate.resolve(MARKER));
        if (null == marker || !marker.isRegularFile() || FileSafety.ownerUid(candidate.resolve(MARKER)) != owner)
        {
            return "no " + MARKER + " marker of this user's driver in it";
        }
        return null;
    }

    /**
     * @return whether {@code directory} holds an Aeron directory no driver has kept alive for {@code staleAfterMs},
     * by the heartbeat its driver writes into the CnC file; one without a CnC file is a driver that shut down
     * before its directory was removed (the marker is written only once the driver runs).
     */
    public static boolean isStale(final File directory, final long staleAfterMs)
    {
        final File cnc = new File(directory, CncFileDescriptor.CNC_FILE);
        if (!Files.isRegularFile(cnc.toPath(), LinkOption.NOFOLLOW_LINKS))
        {
            return !Files.exists(cnc.toPath(), LinkOption.NOFOLLOW_LINKS);
        }
        if (System.currentTimeMillis() - cnc.lastModified() <= staleAfterMs)
        {
            // Too young to judge by its heartbeat: a driver writes the CnC file's header before its first heartbeat.
            return false;
        }
        try
        {
            return !CommonContext.isDriverActive(directory, staleAfterMs, message ->
            {
            });
        }
        catch (final RuntimeException ex)
        {
            // A CnC file Aeron cannot read: an empty one is a driver that died creating it; one of another
            // Aeron version may be a live driver of another build, and is left alone.
            return 0 == cnc.length();
        }
    }
}
