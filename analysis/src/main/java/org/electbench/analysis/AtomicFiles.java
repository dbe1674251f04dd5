package org.electbench.analysis;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes an output file whole or not at all: into a temporary file in the same folder, then one
 * atomic move over the target. An interrupted or failed write leaves the earlier file as it was.
 */
public final class AtomicFiles
{
    /** Writes the content of one file to a stream. */
    @FunctionalInterface
    public interface Content
    {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles()
    {
    }

    public static void write(final Path target, final Content content)
    {
        final Path absolute = target.toAbsolutePath();
        final Path folder = absolute.getParent();
        Path temp = null;
        try
        {
            Files.createDirectories(folder);
            temp = Files.createTempFile(folder, "." + absolute.getFileName(), ".tmp");
            try (OutputStream out = Files.newOutputStream(temp))
            {
                content.writeTo(out);
            }
            Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            temp = null;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(target + ": cannot write: " + ex.getMessage(), ex);
        }
        finally
        {
            if (null != temp)
            {
                try
                {
                    Files.deleteIfExists(temp);
                }
                catch (final IOException ignored)
                {
                    // The failure that got us here is the one to report.
                }
            }
        }
    }

    public static void writeString(final Path target, final String text)
    {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }
}
