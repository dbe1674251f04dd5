package org.electbench.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What electbench checks before it creates, deletes or writes a path another local user might have
 * prepared: the type and owner of what is there, read without following a symbolic link
 * ({@link LinkOption#NOFOLLOW_LINKS}). Every writer ({@link AtomicOutput}) and every clean-up goes
 * through here, so the rules live once; docs/design/trust-file-system.md states them.
 */
public final class FileSafety
{
    /** rwx------: a folder only its owner may enter. */
    public static final Set<PosixFilePermission> OWNER_ONLY_FOLDER = PosixFilePermissions.fromString("rwx------");
    /** rw-------: a file only its owner may read. */
    public static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(
        PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
        PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);
    private static final int UNKNOWN_UID = -1;

    private FileSafety()
    {
    }

    /** @return this process's user id, or -1 where the platform has none. */
    public static int currentUid()
    {
        try
        {
            return (int)new com.sun.security.auth.module.UnixSystem().getUid();
        }
        catch (final UnsatisfiedLinkError | RuntimeException ex)
        {
            return UNKNOWN_UID;
        }
    }

    /** @return the owner's user id of {@code path} itself (a link's own, not its target's). */
    public static int ownerUid(final Path path) throws IOException
    {
        return (Integer)Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    /** @return what {@code path} itself is, in words for a refusal: "a symbolic link", "a FIFO or device"... */
    public static String kind(final BasicFileAttributes attributes)
    {
        if (attributes.isSymbolicLink())
        {
            return "a symbolic link";
        }
        if (attributes.isDirectory())
        {
            return "a directory";
        }
        return attributes.isRegularFile() ? "a regular file" : "a FIFO, socket or device";
    }

    public static final String CHARACTER_DEVICE = "a character device";
    public static final String FIFO = "a FIFO";
    /** What a writer writes into in place rather than replaces: a shell's {@code >} does the same. */
    public static final Set<String> WRITTEN_IN_PLACE = Set.of(CHARACTER_DEVICE, FIFO);
    private static final int TYPE_MASK = 0170000;
    private static final int TYPE_FIFO = 0010000;
    private static final int TYPE_CHARACTER = 0020000;
    private static final int TYPE_BLOCK = 0060000;
    private static final int TYPE_SOCKET = 0140000;

    /**
     * @return for a file that is neither regular, a directory nor a link: "a character device", "a FIFO",
     * "a block device", "a socket" (its own type, a link not followed).
     */
    public static String specialKind(final Path path)
    {
        final int type;
        try
        {
            type = TYPE_MASK & (Integer)Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        }
        catch (final IOException | UnsupportedOperationException | IllegalArgumentException ex)
        {
            return "a special file";
        }
        switch (type)
        {
            case TYPE_FIFO:
                return FIFO;
            case TYPE_CHARACTER:
                return CHARACTER_DEVICE;
            case TYPE_BLOCK:
                return "a block device";
            case TYPE_SOCKET:
                return "a socket";
            default:
                return "a special file";
        }
    }

    /** @return the attributes of {@code path} itself, never of a link's target; null when nothing is there. */
    public static BasicFileAttributes lstat(final Path path) throws IOException
    {
        try
        {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        }
        catch (final NoSuchFileException ex)
        {
            return null;
        }
    }

    /**
     * Makes {@code folder} (mode 0700, the parents must exist) or checks the one there: a directory, not a link,
     * owned by this user, that no group or other user may enter. A folder made by someone else in a shared place
     * such as /tmp, or opened to others, is refused rather than repaired: what is inside may already be theirs.
     *
     * @return the folder.
     * @throws IllegalArgumentException naming the folder and what is wrong with it.
     */
    public static Path privateFolder(final Path folder)
    {
        try
        {
            try
            {
                Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FOLDER));
            }
            catch (final FileAlreadyExistsException ex)
            {
                // Checked below, as an existing one.
            }
            final BasicFileAttributes attributes = lstat(folder);
            if (null == attributes || !attributes.isDirectory())
            {
                throw new IllegalArgumentException("refusing the private folder " + folder + ": it is " +
                    (null == attributes ? "gone" : kind(attributes)) + ", not a directory; remove it");
            }
            final int owner = ownerUid(folder);
            if (owner != currentUid())
            {
                throw new IllegalArgumentException("refusing the private folder " + folder + ": it belongs to user id " +
                    owner + ", not to this user (" + currentUid() + "); remove it");
            }
            final Set<PosixFilePermission> open = EnumSet.copyOf(Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS));
            open.retainAll(GROUP_OR_OTHERS);
            if (!open.isEmpty())
            {
                throw new IllegalArgumentException("refusing the private folder " + folder + ": its mode " +
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS)) +
                    " lets other users in (it must be rwx------); remove it or chmod 700 it");
            }
            return folder;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot make the private folder " + folder + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * Deletes a folder this user made, with everything in it, after checking every entry without following a link:
     * each must be a directory or a regular file owned by this user. Anything else (a link, a FIFO, another user's
     * file) leaves the whole folder in place: someone other than the program that made it has been there.
     *
     * @return null when deleted (or already gone), else why it was left, naming the entry.
     * @throws IOException when an entry cannot be read or deleted.
     */
    public static String deleteOwnTree(final Path root) throws IOException
    {
        final BasicFileAttributes rootAttributes = lstat(root);
        if (null == rootAttributes)
        {
            return null;
        }
        final int uid = currentUid();
        final List<Path> entries = new ArrayList<>();
        final String[] refusal = new String[1];
        try
        {
            // No FOLLOW_LINKS option: a link is visited as itself, never entered.
            Files.walkFileTree(root, new SimpleFileVisitor<>()
            {
                @Override
                public FileVisitResult preVisitDirectory(final Path dir, final BasicFileAttributes attributes) throws IOException
                {
                    return check(dir, attributes);
                }

                @Override
                public FileVisitResult visitFile(final Path file, final BasicFileAttributes attributes) throws IOException
                {
                    return check(file, attributes);
                }

                private FileVisitResult check(final Path path, final BasicFileAttributes attributes) throws IOException
                {
                    if (!attributes.isDirectory() && !attributes.isRegularFile())
                    {
                        refusal[0] = path + " is " + kind(attributes);
                        return FileVisitResult.TERMINATE;
                    }
                    final int owner = ownerUid(path);
                    if (owner != uid)
                    {
                        refusal[0] = path + " belongs to user id " + owner + ", not to this user (" + uid + ")";
                        return FileVisitResult.TERMINATE;
                    }
                    entries.add(path);
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        catch (final NoSuchFileException ex)
        {
            // Its owner is deleting it too; what is left is looked at next time.
            return null;
        }
        if (null != refusal[0])
        {
            return refusal[0];
        }
        // Children before their folders: the walk listed every folder before what it holds.
        for (int i = entries.size() - 1; i >= 0; i--)
        {
            Files.deleteIfExists(entries.get(i));
        }
        return null;
    }

    /**
     * Sets owner-only modes on {@code folder} (0700) and what it holds (folders 0700, files 0600), never following
     * a link; for files a library creates with the default mode.
     */
    public static void restrictToOwner(final Path folder) throws IOException
    {
        Files.walkFileTree(folder, new SimpleFileVisitor<>()
        {
            @Override
            public FileVisitResult preVisitDirectory(final Path dir, final BasicFileAttributes attributes) throws IOException
            {
                Files.setPosixFilePermissions(dir, OWNER_ONLY_FOLDER);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(final Path file, final BasicFileAttributes attributes) throws IOException
            {
                if (attributes.isRegularFile())
                {
                    Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(final Path file, final IOException ex)
            {
                // A file the library removed meanwhile.
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * A secret (a cluster key) others may change is no secret: refused. One others may read lets them forge what it
     * signs: a warning, as a key shared on purpose (with a group) is still the user's call.
     *
     * @param what how to name the file: "the key file".
     * @return null, or a warning to print when any user may read it.
     * @throws IllegalArgumentException when group or others may write it.
     */
    public static String checkSecret(final Path file, final String what) throws IOException
    {
        final Set<PosixFilePermission> mode;
        try
        {
            mode = Files.getPosixFilePermissions(file);
        }
        catch (final UnsupportedOperationException ex)
        {
            return null;
        }
        if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE))
        {
            throw new IllegalArgumentException(what + " " + file + " may be written by other users (mode " +
                PosixFilePermissions.toString(mode) + "); chmod 600 it");
        }
        return mode.contains(PosixFilePermission.OTHERS_READ) ? what + " " + file + " may be read by any user (mode " +
            PosixFilePermissions.toString(mode) + "), who could then forge what it signs; chmod 600 it" : null;
    }
}
