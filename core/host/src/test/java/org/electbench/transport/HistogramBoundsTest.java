package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Inputs bounded before they are believed: histogram headers, FIFOs and devices. */
class HistogramBoundsTest
{
    @TempDir
    Path dir;

    private static String encoded(final Histogram histogram)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        final int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    @Test
    void theCountsReadFromAHeaderAreThoseHdrHistogramAllocates()
    {
        final long[][] bounds = {{1, 3_600_000_000_000L, 3}, {1, 2, 0}, {1_000, 60_000_000_000L, 2}, {1, 1L << 40, 5}};
        for (final long[] bound : bounds)
        {
            final Histogram histogram = new Histogram(bound[0], bound[1], (int)bound[2]);
            histogram.recordValue(bound[0]);
            final long allocated = (histogram.getEstimatedFootprintInBytes() - 512) / Long.BYTES;
            assertEquals(allocated, HistogramBounds.countsLength(bound[0], bound[1], (int)bound[2]), Arrays.toString(bound));
            assertEquals(allocated, HistogramBounds.counts(encoded(histogram)), Arrays.toString(bound));
        }
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aSmallHistogramDeclaringOneTo2To62AtFiveDigitsIsRefusedBeforeDecoding() throws Exception
    {
        // The V2 header HdrHistogram writes, with the widest range and precision it accepts; no counts follow.
        final ByteBuffer header = ByteBuffer.allocate(40);
        header.putInt(0x1c849313).putInt(0).putInt(0).putInt(5).putLong(1).putLong(1L << 62).putDouble(1.0);
        final Deflater deflater = new Deflater();
        deflater.setInput(header.array());
        deflater.finish();
        final byte[] deflated = new byte[128];
        final int length = deflater.deflate(deflated);
        deflater.end();
        final ByteBuffer compressed = ByteBuffer.allocate(8 + length).putInt(0x1c849314).putInt(length).put(deflated, 0, length);
        final String line = "0.000,1.000,1.000," + Base64.getEncoder().encodeToString(compressed.array());
        final Path log = Files.writeString(dir.resolve("rtt.hlog"), line + "\n");

        assertEquals("line 1: a histogram whose range and precision need " +
                HistogramBounds.countsLength(1, 1L << 62, 5) + " counts; read up to " + HistogramBounds.MAX_COUNTS +
                " (at most 5 significant digits)", InputFiles.malformedHistogramLogLine(log));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aDeviceOrFifoIsRefusedWhereAFileIsReadWithoutOpeningIt() throws Exception
    {
        assertEquals("not a regular file but a character device", InputFiles.tooLarge(Path.of("/dev/zero")));
        final Path fifo = dir.resolve("rtt.hlog");
        if (0 == new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
        {
            assertEquals("not a regular file but a FIFO", InputFiles.tooLarge(fifo));
        }
        assertNull(InputFiles.tooLarge(Files.writeString(dir.resolve("plain.hlog"), "#\n")));
    }
}
