package org.electbench.analysis;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.electbench.transport.InputFiles;

/**
 * Reads an HdrHistogram interval log (as {@code HistogramLogWriter} writes it) into one
 * histogram per tag, every interval of a tag added up: the distribution over every election the
 * run measured. An untagged interval counts under the empty tag.
 */
public final class HistogramLogs
{
    private HistogramLogs()
    {
    }

    /**
     * @param file an HdrHistogram log.
     * @return each tag's histogram, by tag.
     * @throws AnalysisException when the file is missing, truncated, foreign or holds no histogram.
     */
    public static SortedMap<String, Histogram> read(final Path file)
    {
        final SortedMap<String, Histogram> byTag = new TreeMap<>();
        try
        {
            final String tooLarge = InputFiles.tooLarge(file);
            if (null != tooLarge)
            {
                throw new AnalysisException(file, tooLarge);
            }
            final String malformed = InputFiles.malformedHistogramLogLine(file);
            if (null != malformed)
            {
                throw new AnalysisException(file, malformed);
            }
            if (Files.size(file) == 0)
            {
                throw new AnalysisException(file, "empty file, expected an HdrHistogram log");
            }
            final HistogramLogReader reader = new HistogramLogReader(file.toFile());
            try
            {
                EncodableHistogram interval;
                while (null != (interval = reader.nextIntervalHistogram()))
                {
                    if (!(interval instanceof Histogram))
                    {
                        throw new AnalysisException(file, "holds a floating-point histogram, expected integer nanoseconds or counts");
                    }
                    final Histogram histogram = (Histogram)interval;
                    final String tag = null == histogram.getTag() ? "" : histogram.getTag();
                    final Histogram total = byTag.get(tag);
                    if (null == total)
                    {
                        final Histogram copy = histogram.copy();
                        copy.setTag(tag);
                        byTag.put(tag, copy);
                    }
                    else
                    {
                        total.add(histogram);
                    }
                }
            }
            finally
            {
                reader.close();
            }
        }
        catch (final FileNotFoundException | java.nio.file.NoSuchFileException ex)
        {
            throw new AnalysisException(file, "no such file");
        }
        catch (final IOException ex)
        {
            throw new AnalysisException(file, "cannot read: " + ex.getMessage(), ex);
        }
        catch (final AnalysisException ex)
        {
            throw ex;
        }
        catch (final RuntimeException ex)
        {
            // The reader reports a cut or foreign line as whatever its parser threw.
            throw new AnalysisException(file, "not a readable HdrHistogram log (truncated or foreign): " + ex, ex);
        }
        if (byTag.isEmpty())
        {
            throw new AnalysisException(file, "holds no histogram: not an HdrHistogram log, or one with no interval");
        }
        return Collections.unmodifiableSortedMap(byTag);
    }
}
