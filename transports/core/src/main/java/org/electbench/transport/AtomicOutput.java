package org.electbench.transport;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A result file written whole or not at all: what a user expects of {@code --out FILE}.
 * <ul>
 *   <li>{@link #to} checks the destination before any work is done, so a command refuses a
 *       directory, an empty name, a missing or read-only folder, or a read-only file up front,
 *       not after an hour of runs. No folder is ever created: a typo in a path is an error.</li>
 *   <li>{@link #write} writes a temporary file beside the destination (same folder, so the
 *       final rename is atomic and never crosses file systems), forces it to disk and renames
 *       it over the destination. An earlier file stays byte-identical until that rename; a
 *       failure, an exception from the caller's writer, or a SIGINT/SIGTERM meanwhile (a
 *       shutdown hook) removes the temporary file.</li>
 *   <li>An existing file keeps its permissions; a new file gets the mode the umask gives any
 *       new file (never a fixed 0600).</li>
 *   <li>A symbolic link is written through: the link stays, and its target gets the content.</li>
 * </ul>
 * One instance may write several times, each write a whole new version of the file. Instances are
 * immutable; writes from several threads to different destinations are safe.
 * <p>
 * Typical use, for a command line's {@code --out} (the check at parse time, the write at the end):
 * <pre>{@code
 * final AtomicOutput out = AtomicOutput.to(Path.of(flagValue));   // IllegalArgumentException: bad destination
 * ...                                                              // the work
 * out.write(bytes);                                                // or out.write(stream -> ...)
 * }</pre>
 */
public final class AtomicOutput
{
    /** Temporary files start with this and end with {@link #TEMPORARY_SUFFIX}, so a leftover is easy to recognise. */
    public static final String TEMPORARY_PREFIX = ".electbench-";
    public static final String TEMPORARY_SUFFIX = ".tmp";
    private static final int MAX_LINKS = 40;

    private static final AtomicLong TEMPORARIES = new AtomicLong();
    private static final Set<Path> PENDING = new HashSet<>();
    private static boolean shuttingDown;
    private static boolean hookInstalled;

    private final Path destination;
    private final Path target;

    /** Writes one file's content to a stream; exceptions abandon the write and leave the destination as it was. */
    @FunctionalInterface
    public interface Content
    {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicOutput(final Path destination, final Path target)
    {
        this.destination = destination;
        this.target = target;
    }

    /**
     * @param destination the file to write, or a symbolic link to it.
     * @return an output for it.
     * @throws IllegalArgumentException naming the destination and what is wrong with it: an empty name, a directory,
     *                                  a folder that does not exist or cannot be written, a read-only file, a link loop.
     */
    public static AtomicOutput to(final Path destination)
    {
        if (destination.toString().isEmpty() || null == destination.getFileName())
        {
            throw new IllegalArgumentException("'" + destination + "' names no file");
        }
        final Path target = resolveLinks(destination);
        if (Files.isDirectory(target))
        {
            throw new IllegalArgumentException("'" + destination + "' is a directory, not a file");
        }
        final Path folder = folderOf(target);
        if (!Files.exists(folder))
        {
            throw new IllegalArgumentException("'" + destination + "': folder '" + folder + "' does not exist");
        }
        if (!Files.isDirectory(folder))
        {
            throw new IllegalArgumentException("'" + destination + "': '" + folder + "' is not a folder");
        }
        if (!Files.isWritable(folder))
        {
            throw new IllegalArgumentException("'" + destination + "': folder '" + folder + "' is not writable");
        }
        if (Files.exists(target) && !Files.isWritable(target))
        {
            throw new IllegalArgumentException("'" + destination + "' is read-only");
        }
        return new AtomicOutput(destination, target);
    }

    /** @return the destination as given. */
    public Path destination()
    {
        return destination;
    }

    /** @return the file that receives the content: the destination, or the file its links lead to. */
    public Path target()
    {
        return target;
    }

    /**
     * @param content the whole file.
     * @throws IOException if it cannot be written; the destination is then as it was, and no temporary file is left.
     */
    public void write(final byte[] content) throws IOException
    {
        write(out -> out.write(content));
    }

    /**
     * @param text the whole file, written as UTF-8.
     * @throws IOException if it cannot be written; the destination is then as it was, and no temporary file is left.
     */
    public void write(final CharSequence text) throws IOException
    {
        write(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param content writes the whole file to the stream it is given (do not close it).
     * @throws IOException if it cannot be written or {@code content} throws; the destination is then as it was,
     *                     and no temporary file is left.
     */
    public void write(final Content content) throws IOException
    {
        final Path temporary = target.resolveSibling(TEMPORARY_PREFIX + target.getFileName() + "-" +
            ProcessHandle.current().pid() + "-" + TEMPORARIES.incrementAndGet() + TEMPORARY_SUFFIX);
        register(temporary);
        boolean moved = false;
        try
        {
            // CREATE_NEW with no attributes: the umask decides a new file's mode, as for any program.
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE))
            {
                final OutputStream out = Channels.newOutputStream(channel);
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            copyPermissions(target, temporary);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
        }
        finally
        {
            try
            {
                if (!moved)
                {
                    Files.deleteIfExists(temporary);
                }
            }
            finally
            {
                unregister(temporary);
            }
        }
    }

    @Override
    public String toString()
    {
        return destination.toString();
    }

    private static Path resolveLinks(final Path destination)
    {
        Path path = destination;
        for (int hops = 0; Files.isSymbolicLink(path); hops++)
        {
            if (hops == MAX_LINKS)
            {
                throw new IllegalArgumentException("'" + destination + "': too many levels of symbolic links");
            }
            try
            {
                path = folderOf(path).resolve(Files.readSymbolicLink(path));
            }
            catch (final IOException ex)
            {
                throw new IllegalArgumentException("'" + destination + "': cannot read the link: " + ex.getMessage(), ex);
            }
        }
        return path;
    }

    private static Path folderOf(final Path file)
    {
        final Path parent = file.toAbsolutePath().getParent();
        return null == parent ? file.toAbsolutePath().getRoot() : parent;
    }

    private static void copyPermissions(final Path from, final Path to) throws IOException
    {
        final PosixFileAttributeView source = Files.getFileAttributeView(from, PosixFileAttributeView.class);
        if (null != source && Files.exists(from, LinkOption.NOFOLLOW_LINKS))
        {
            Files.getFileAttributeView(to, PosixFileAttributeView.class).setPermissions(source.readAttributes().permissions());
        }
    }

    private static void register(final Path temporary) throws IOException
    {
        synchronized (PENDING)
        {
            if (shuttingDown)
            {
                throw new IOException("not writing " + temporary + ": the process is shutting down");
            }
            if (!hookInstalled)
            {
                Runtime.getRuntime().addShutdownHook(new Thread(AtomicOutput::removePending, "electbench-output-cleanup"));
                hookInstalled = true;
            }
            PENDING.add(temporary);
        }
    }

    private static void unregister(final Path temporary)
    {
        synchronized (PENDING)
        {
            PENDING.remove(temporary);
        }
    }

    /** The shutdown hook: no temporary file outlives an interrupted write. */
    private static void removePending()
    {
        synchronized (PENDING)
        {
            shuttingDown = true;
            for (final Path temporary : PENDING)
            {
                try
                {
                    Files.deleteIfExists(temporary);
                }
                catch (final IOException ex)
                {
                    // Nothing more can be done while the JVM exits; the name says what it is.
                }
            }
            PENDING.clear();
        }
    }
}
