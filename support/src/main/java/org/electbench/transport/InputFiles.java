package org.electbench.transport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The size bound on every file electbench reads whole or scans to its end (run reports, JMH
 * results, histogram logs, probe logs): checked before reading, so a stray huge file is refused
 * in a moment, naming it, rather than filling the heap or scanning gigabytes first.
 */
public final class InputFiles
{
    /** Our inputs are kilobytes to a few megabytes (a histogram log of a long probe): 256 MiB is no input of ours. */
    public static final long MAX_BYTES = 256L << 20;

    /** A number as HdrHistogram's writer prints one: a histogram without timestamps gets huge and negative ones. */
    private static final String NUMBER = "-?[0-9]+(\\.[0-9]+)?";
    /**
     * An interval line of an HdrHistogram log (format 1.3): an optional tag, start, length and max in seconds, then
     * the base64 histogram.
     */
    private static final Pattern INTERVAL =
        Pattern.compile("(Tag=[^,\\s]+,)?" + NUMBER + "," + NUMBER + "," + NUMBER + ",[A-Za-z0-9+/]+=*");

    private InputFiles()
    {
    }

    /**
     * HdrHistogram's log reader stops quietly at a line it cannot parse, so a log with garbage appended (or cut
     * midway) would read as a shorter log: every line is checked first.
     *
     * @return null when every line of {@code log} is a comment, the column header or an interval, else the first
     * that is not, as "line N is not an HdrHistogram log line: ...".
     * @throws UncheckedIOException when it cannot be read.
     */
    public static String malformedHistogramLogLine(final Path log)
    {
        try (BufferedReader reader = Files.newBufferedReader(log, StandardCharsets.UTF_8))
        {
            int number = 0;
            String line;
            long totalCounts = 0;
            while (null != (line = reader.readLine()))
            {
                number++;
                if (line.isEmpty() || line.startsWith("#") || line.startsWith("\"StartTimestamp\""))
                {
                    continue;
                }
                if (!INTERVAL.matcher(line).matches())
                {
                    final String shown = line.length() > 60 ? line.substring(0, 60) + "..." : line;
                    return "line " + number + " is not an HdrHistogram log line: '" + printable(shown) + "'";
                }
                // Bounded before HdrHistogram allocates what the header asks for.
                final long counts = HistogramBounds.counts(line.substring(line.lastIndexOf(',') + 1));
                if (counts > HistogramBounds.MAX_COUNTS)
                {
                    return "line " + number + ": a histogram whose range and precision need " +
                        (Long.MAX_VALUE == counts ? "an unknown or unbounded number of" : Long.toString(counts)) + " counts; read up to " +
                        HistogramBounds.MAX_COUNTS + " (at most 5 significant digits)";
                }
                totalCounts += Math.max(0, counts);
                if (totalCounts > HistogramBounds.MAX_LOG_COUNTS)
                {
                    return "line " + number + ": the histograms so far need " + totalCounts + " counts together; a log is " +
                        "read up to " + HistogramBounds.MAX_LOG_COUNTS;
                }
            }
            return null;
        }
        catch (final CharacterCodingException ex)
        {
            return "not a text file (an HdrHistogram log is text)";
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(log + ": cannot read: " + ex.getMessage(), ex);
        }
    }

    /**
     * The one escaper for text read from a file or the network before it reaches any output (terminal, markdown,
     * CSV, HTML, SVG): control characters (newline, CR, ESC, NUL...), line and paragraph separators and invisible
     * format characters (direction overrides such as U+202E) become a backslash, u and four hex digits, so no input
     * can start a line of its own, garble a terminal or disguise what it says.
     *
     * @return {@code text} so escaped; null stays null.
     */
    public static String printable(final String text)
    {
        if (null == text)
        {
            return null;
        }
        StringBuilder escaped = null;
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            final int type = Character.getType(c);
            final boolean hidden = Character.CONTROL == type || Character.FORMAT == type ||
                Character.LINE_SEPARATOR == type || Character.PARAGRAPH_SEPARATOR == type;
            if (hidden && null == escaped)
            {
                escaped = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (hidden)
            {
                escaped.append(String.format(Locale.ROOT, "\\u%04X", (int)c));
            }
            else if (null != escaped)
            {
                escaped.append(c);
            }
        }
        return null == escaped ? text : escaped.toString();
    }

    /**
     * Reads a whole small file that must be a regular one (links followed, as a user's own may be one): a FIFO,
     * device or directory is refused before it is opened, so none can hang the reader or feed it without end, and
     * no more than {@code maxBytes} are ever read, whatever the file's size says meanwhile.
     *
     * @param what how to name the file in a refusal: "the key file".
     * @return its bytes.
     * @throws IllegalArgumentException naming the file and why it is refused.
     * @throws IOException              when it cannot be read.
     */
    public static byte[] readRegular(final Path file, final String what, final long maxBytes) throws IOException
    {
        final String notRegular = notRegular(file);
        if (null != notRegular)
        {
            throw new IllegalArgumentException(what + " " + printable(file.toString()) + " " + notRegular);
        }
        try (java.io.InputStream in = Files.newInputStream(file))
        {
            final byte[] bytes = in.readNBytes((int)Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes)
            {
                throw new IllegalArgumentException(what + " " + printable(file.toString()) + " is over " + maxBytes +
                    " bytes; it is read up to " + maxBytes);
            }
            return bytes;
        }
    }

    /**
     * @return null when {@code file} is a regular file (a link to one counts) or does not exist (the reader names
     * that), else why it cannot be read as one: "is not a regular file but a FIFO, socket or device".
     */
    public static String notRegular(final Path file)
    {
        try
        {
            final java.nio.file.attribute.BasicFileAttributes attributes =
                Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
            if (attributes.isRegularFile())
            {
                return null;
            }
            return "is not a regular file but " + (attributes.isDirectory() ? "a directory" : FileSafety.specialKind(file.toRealPath()));
        }
        catch (final NoSuchFileException ex)
        {
            return null;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(file + ": cannot read what it is: " + ex.getMessage(), ex);
        }
    }

    /**
     * @return null when {@code file} may be read (or does not exist: the reader names that), else why not:
     * "too large (2.0 GiB, 2147483648 bytes; inputs are read up to 256 MiB)".
     * @throws UncheckedIOException when its size cannot be read.
     */
    public static String tooLarge(final Path file)
    {
        // A FIFO or device has no size to check (/dev/zero says 0 and never ends): refused here too.
        final String notRegular = notRegular(file);
        if (null != notRegular)
        {
            return notRegular.substring("is ".length());
        }
        final long size;
        try
        {
            size = Files.size(file);
        }
        catch (final NoSuchFileException ex)
        {
            return null;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(file + ": cannot read its size: " + ex.getMessage(), ex);
        }
        return size <= MAX_BYTES ? null : "too large (" + MemoryLimits.formatBytes(size) + ", " + size +
            " bytes; inputs are read up to " + (MAX_BYTES >> 20) + " MiB)";
    }
}
