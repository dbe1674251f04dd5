package org.electbench.deploy;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.electbench.aeron.FrameMac;
import org.electbench.transport.FileSafety;
import org.electbench.transport.InputFiles;

/**
 * The cluster key a file names: a regular file of at least {@value FrameMac#MIN_KEY_LENGTH} and at
 * most {@value #MAX_KEY_BYTES} bytes, read once; a key others may read is warned about,
 * not refused.
 */
final class ClusterKey
{
    /** A key is tens of random bytes; a file past this is no key, and is not read further. */
    static final int MAX_KEY_BYTES = 4096;

    private ClusterKey()
    {
    }

    /**
     * @param folder where a relative path starts: the cluster file's folder.
     * @param value  the key file's path as the cluster file gives it.
     * @return the key's bytes.
     * @throws IllegalArgumentException naming what is wrong with the key file.
     */
    static byte[] read(final Path folder, final String value)
    {
        final Path path = folder.resolve(value);
        final byte[] bytes;
        try
        {
            bytes = InputFiles.readRegular(path, "the key file", MAX_KEY_BYTES);
            final String warning = FileSafety.checkSecret(path, "the key file");
            if (null != warning)
            {
                System.err.println("electbench: warning: " + InputFiles.printable(warning));
            }
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException(
                "cannot read the key file " + path + ": " + (ex instanceof NoSuchFileException ? "no such file" : ex), ex);
        }
        if (bytes.length < FrameMac.MIN_KEY_LENGTH)
        {
            throw new IllegalArgumentException("the key file " + path + " has " + bytes.length + " bytes; a cluster key needs " +
                "at least " + FrameMac.MIN_KEY_LENGTH + " random bytes (e.g. head -c 32 /dev/urandom > " + value + ")");
        }
        return bytes;
    }
}
