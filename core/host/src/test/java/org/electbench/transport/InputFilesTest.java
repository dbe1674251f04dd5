package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The size bound and the histogram log's line check, on files made to pass or fail them by one byte or one line. */
class InputFilesTest
{
    private static final String LOG = String.join("\n",
        "#[Histogram log format version 1.3]",
        "#[StartTime: 1795722474.826 (seconds since epoch), Thu Nov 26 19:47:54 UTC 2026]",
        "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"",
        "Tag=convergence,0.000,2.425,160.170,HISTFAAAAG942pNpmSzMwMAQwwABzFCaEUTw////3/4DROD3LCYmdiZ1",
        "0.000,2.425,149.291,HISTFAAAAHJ42pNpmSzMwMAQxwABzFCaEUTw==",
        "9223372036854776.000,-9223372036854776.000,100.008,HISTFAAAAHJ42pNpmSzMwMAQ",
        "");

    @TempDir
    Path dir;

    @Test
    void aFileOneByteOverTheBoundIsTooLargeAndOneAtItIsNot() throws Exception
    {
        final Path file = dir.resolve("big.json");
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw"))
        {
            sparse.setLength(InputFiles.MAX_BYTES);
            assertNull(InputFiles.tooLarge(file));
            sparse.setLength(InputFiles.MAX_BYTES + 1);
        }
        assertEquals("too large (256.0 MiB, 268435457 bytes; inputs are read up to 256 MiB)", InputFiles.tooLarge(file));
        assertNull(InputFiles.tooLarge(dir.resolve("missing.json")), "a missing file is its reader's to name");
    }

    @Test
    void aHistogramLogWithAGarbageLineNamesTheLineEscaped() throws Exception
    {
        final Path log = dir.resolve("rtt.hlog");
        Files.writeString(log, LOG, StandardCharsets.UTF_8);
        assertNull(InputFiles.malformedHistogramLogLine(log));

        Files.writeString(log, LOG + "garbage\u202E,line\n", StandardCharsets.UTF_8);
        assertEquals("line 7 is not an HdrHistogram log line: 'garbage\\u202E,line'", InputFiles.malformedHistogramLogLine(log));
    }
}
