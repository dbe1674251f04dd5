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
import java.nio.file.attribute.BasicFileAttributes;
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
 *   <li>Nothing is written through a symbolic link: a link at the destination is refused, and so
 *       is one on the way below the folder a program writes its own tree into ({@link #inside}),
 *       as a run folder copied from another host may carry one to a file of the user's.</li>
 *   <li>Only a regular file is ever replaced. A character device ({@code /dev/null}) or a FIFO
 *       is written into in place, as a shell's {@code >} would; a block device or a socket is
 *       refused. So {@code --out /dev/full} fails on the write and leaves the device alone.</li>
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

    private static final AtomicLong TEMPORARIES = new AtomicLong();
    private static final Set<Path> PENDING = new HashSet<>();
    private static boolean shuttingDown;
    private static boolean hookInstalled;

    private final Path destination;
    private final Path target;
    /** A character device or a FIFO, written into in place rather than replaced. */
    private final boolean inPlace;

    /** Writes one file's content to a stream; exceptions abandon the write and leave the destination as it was. */
    @FunctionalInterface
    public interface Content
    {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicOutput(final Path destination, final boolean inPlace)
    {
        this.destination = destination;
        this.target = destination;
        this.inPlace = inPlace;
    }

    /**
     * @param destination the file to write: a regular file or none yet, or a character device or FIFO to write into.
     * @return an output for it.
     * @throws IllegalArgumentException naming the destination and what is wrong with it: an empty name, a symbolic
     *                                  link, a directory or other file that is not regular, a folder that does not
     *                                  exist or cannot be written, a read-only file.
     */
    public static AtomicOutput to(final Path destination)
    {
        if (destination.toString().isEmpty() || null == destination.getFileName())
        {
            throw new IllegalArgumentException("'" + destination + "' names no file");
        }
        final BasicFileAttributes attributes = attributes(destination);
        boolean inPlace = false;
        if (null != attributes)
        {
            if (attributes.isSymbolicLink())
            {
                throw new IllegalArgumentException("'" + destination + "' is a symbolic link; electbench writes " +
                    "nothing through a link: name the file itself");
            }
            if (attributes.isDirectory())
            {
                throw new IllegalArgumentException("'" + destination + "' is a directory, not a file");
            }
            if (attributes.isOther())
            {
                final String kind = FileSafety.specialKind(destination);
                if (!FileSafety.WRITTEN_IN_PLACE.contains(kind))
                {
                    throw new IllegalArgumentException("'" + destination + "' is " + kind + "; electbench writes a " +
                        "regular file, or into a character device or FIFO");
                }
                inPlace = true;
            }
        }
        final Path folder = folderOf(destination);
        if (!inPlace)
        {
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
        }
        if (null != attributes && !Files.isWritable(destination))
        {
            throw new IllegalArgumentException("'" + destination + "' is read-only");
        }
        return new AtomicOutput(destination, inPlace);
    }

    /**
     * For a program's own output tree (a report, a run folder): the folders on the way are made,
     * then the destination is checked as {@link #to} checks it.
     *
     * @param destination the file to write.
     * @return an output for it.
     * @throws IOException if a folder cannot be made.
     */
    public static AtomicOutput creatingFolders(final Path destination) throws IOException
    {
        Files.createDirectories(folderOf(destination));
        return to(destination);
    }

    /**
     * For a program's own tree below a folder it may not have made (a run folder copied from another host): the
     * folders from {@code root} down to the destination are made where missing and, where present, must be folders
     * and not links; then the destination is checked as {@link #to} checks it. {@code root} itself is taken as named.
     *
     * @param root        the folder the user named; made if missing.
     * @param destination a file below it.
     * @return an output for it.
     * @throws IllegalArgumentException naming a link or a file that is not a folder on the way.
     * @throws IOException              if a folder cannot be made.
     */
    public static AtomicOutput inside(final Path root, final Path destination) throws IOException
    {
        final Path base = root.toAbsolutePath().normalize();
        final Path folder = folderOf(destination).normalize();
        if (!folder.startsWith(base))
        {
            throw new IllegalArgumentException("'" + destination + "' is not inside '" + root + "'");
        }
        Files.createDirectories(base);
        Path on = base;
        for (final Path name : base.relativize(folder))
        {
            if (name.toString().isEmpty())
            {
                continue;
            }
            on = on.resolve(name);
            final BasicFileAttributes attributes = attributes(on);
            if (null == attributes)
            {
                try
                {
                    Files.createDirectory(on);
                }
                catch (final java.nio.file.FileAlreadyExistsException ex)
                {
                    // Made meanwhile: checked as an existing one below.
                }
            }
            final BasicFileAttributes made = null == attributes ? attributes(on) : attributes;
            if (null == made || !made.isDirectory())
            {
                throw new IllegalArgumentException("'" + on + "' is " + (null == made ? "gone" : FileSafety.kind(made)) +
                    ", not a folder; electbench writes nothing through a link: remove it and run again");
            }
        }
        return to(destination);
    }

    /** Writes a text file whole (UTF-8) below {@code root}, as {@link #inside} checks the way to it. */
    public static void replaceInside(final Path root, final Path destination, final CharSequence text)
    {
        replaceInside(root, destination, out -> out.write(text.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes a file whole below {@code root}, as {@link #inside} checks the way to it. */
    public static void replaceInside(final Path root, final Path destination, final Content content)
    {
        try
        {
            inside(root, destination).write(content);
        }
        catch (final IOException ex)
        {
            throw new java.io.UncheckedIOException(destination + ": cannot write: " + ex.getMessage(), ex);
        }
    }

    /**
     * Writes a file whole at a path, making its folders: the one call for outputs a program names itself.
     *
     * @throws java.io.UncheckedIOException naming the file when it cannot be written; the old file is then as it was.
     */
    public static void replace(final Path destination, final Content content)
    {
        try
        {
            creatingFolders(destination).write(content);
        }
        catch (final IOException ex)
        {
            throw new java.io.UncheckedIOException(destination + ": cannot write: " + ex.getMessage(), ex);
        }
    }

    /** Writes a text file whole (UTF-8) at a path, making its folders; see {@link #replace(Path, Content)}. */
    public static void replace(final Path destination, final CharSequence text)
    {
        replace(destination, out -> out.write(text.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** @return the destination as given. */
    public Path destination()
    {
        return destination;
    }

    /** @return the file that receives the content: the destination (links are refused, never followed). */
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
        try (Pending pending = open())
        {
            content.writeTo(pending.stream());
            pending.commit();
        }
    }

    /**
     * Writes the content once, under the destination's name or, when that is taken, the first free one of
     * {@code stem.2.ext}, {@code stem.3.ext}...: an existing file is never replaced (a hard link, unlike a rename,
     * fails on a taken name).
     *
     * @return the name written.
     * @throws IOException if it cannot be written; no temporary file is then left.
     */
    public Path writeNew(final Content content) throws IOException
    {
        if (inPlace)
        {
            throw new IOException(destination + ": a device or FIFO is written in place, never anew beside it");
        }
        try (Pending pending = open())
        {
            content.writeTo(pending.stream());
            return pending.commitNew();
        }
    }

    /**
     * Starts writing a long file (a trace): bytes go to a temporary file beside the destination until
     * {@link Pending#commit()} moves it into place. Closing without a commit, or after any failed
     * write, removes the temporary file and leaves the destination as it was.
     *
     * @return the pending file.
     * @throws IOException if the temporary file cannot be made.
     */
    public Pending open() throws IOException
    {
        if (inPlace)
        {
            // No CREATE: should the device or FIFO be gone meanwhile, no regular file takes its name.
            return new Pending(null, FileChannel.open(destination, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS));
        }
        final Path temporary = target.resolveSibling(TEMPORARY_PREFIX + target.getFileName() + "-" +
            ProcessHandle.current().pid() + "-" + TEMPORARIES.incrementAndGet() + TEMPORARY_SUFFIX);
        register(temporary);
        try
        {
            // CREATE_NEW with no attributes: the umask decides a new file's mode, as for any program.
            return new Pending(temporary, FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
        }
        catch (final IOException | RuntimeException ex)
        {
            unregister(temporary);
            throw ex;
        }
    }

    /** A file being written: its stream, then {@link #commit()}, or {@link #close()} alone to abandon it. */
    public final class Pending implements java.io.Closeable
    {
        private final Path temporary;
        private final FileChannel channel;
        private final OutputStream stream;
        private boolean failed;
        private boolean done;

        private Pending(final Path temporary, final FileChannel channel)
        {
            this.temporary = temporary;
            this.channel = channel;
            final OutputStream raw = Channels.newOutputStream(channel);
            this.stream = new java.io.FilterOutputStream(raw)
            {
                @Override
                public void write(final int b) throws IOException
                {
                    try
                    {
                        raw.write(b);
                    }
                    catch (final IOException | RuntimeException ex)
                    {
                        failed = true;
                        throw ex;
                    }
                }

                @Override
                public void write(final byte[] bytes, final int offset, final int length) throws IOException
                {
                    try
                    {
                        raw.write(bytes, offset, length);
                    }
                    catch (final IOException | RuntimeException ex)
                    {
                        failed = true;
                        throw ex;
                    }
                }

                @Override
                public void close()
                {
                    // The pending file closes the channel itself, at its commit or abandonment.
                }
            };
        }

        /** @return where the content goes; do not close it. A failed write marks the file abandoned. */
        public OutputStream stream()
        {
            return stream;
        }

        /** Marks the file abandoned: {@link #commit()} will refuse, {@link #close()} removes it. */
        public void fail()
        {
            failed = true;
        }

        /**
         * Forces the content to disk and moves it over the destination.
         *
         * @throws IOException if a write failed before, or forcing, closing or moving fails; the destination is then as it was.
         */
        public void commit() throws IOException
        {
            finish();
            if (null == temporary)
            {
                done = true;
                return;
            }
            copyPermissions(target, temporary);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            done = true;
            unregister(temporary);
        }

        private Path commitNew() throws IOException
        {
            finish();
            final String fileName = target.getFileName().toString();
            final int dot = fileName.lastIndexOf('.');
            final String stem = dot > 0 ? fileName.substring(0, dot) : fileName;
            final String extension = dot > 0 ? fileName.substring(dot) : "";
            Path candidate = target;
            for (int attempt = 2; ; attempt++)
            {
                try
                {
                    Files.createLink(candidate, temporary);
                    return candidate;
                }
                catch (final java.nio.file.FileAlreadyExistsException ex)
                {
                    candidate = target.resolveSibling(stem + "." + attempt + extension);
                }
            }
        }

        private void finish() throws IOException
        {
            if (failed)
            {
                throw new IOException(destination + ": not written: an earlier write to it failed");
            }
            try
            {
                stream.flush();
                if (null != temporary)
                {
                    // Devices and FIFOs have nothing to force (fsync on one fails).
                    channel.force(true);
                }
                channel.close();
            }
            catch (final IOException | RuntimeException ex)
            {
                failed = true;
                throw ex;
            }
        }

        /** Abandons the file unless committed: the temporary file is removed, the destination left as it was. */
        @Override
        public void close() throws IOException
        {
            if (done)
            {
                return;
            }
            done = true;
            try
            {
                channel.close();
            }
            finally
            {
                if (null != temporary)
                {
                    try
                    {
                        Files.deleteIfExists(temporary);
                    }
                    finally
                    {
                        unregister(temporary);
                    }
                }
            }
        }
    }

    @Override
    public String toString()
    {
        return destination.toString();
    }

    private static BasicFileAttributes attributes(final Path path)
    {
        try
        {
            return FileSafety.lstat(path);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("'" + path + "': cannot read what it is: " + ex.getMessage(), ex);
        }
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
