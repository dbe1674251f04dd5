package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostLoadTest
{
    @TempDir
    Path dir;

    private HostLoad read(final String loadavg, final String cpu) throws IOException
    {
        final Path loadavgFile = Files.writeString(dir.resolve("loadavg"), loadavg);
        final Path statFile = Files.writeString(dir.resolve("stat"), cpu + "\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1\n");
        return HostLoad.read(loadavgFile, statFile);
    }

    @Test
    void loadAveragesRunnableThreadsAndStealAreReadFromTheKernelsCounters() throws IOException
    {
        final HostLoad before = read("1.50 0.75 0.25 3/412 9999\n", "cpu  100 0 100 700 50 0 0 50 0 0");
        assertEquals(1.5, before.load1());
        assertEquals(0.25, before.load15());
        assertEquals(3, before.runnable());
        assertEquals(50, before.stealTicks());
        assertEquals(1000, before.totalTicks());
        final HostLoad after = read("1.90 0.80 0.25 2/412 9999\n", "cpu  200 0 200 1300 50 0 0 250 0 0");
        // 200 of the 1000 ticks in between were stolen.
        assertEquals(0.2, after.stealShareSince(before), 1e-9);
        assertTrue(after.busy(before, 2), "a fifth of the CPU stolen is busy");
        assertFalse(after.busy(null, 2), "without steal, a load of 1.9 on two cores is not");
        assertTrue(after.busy(null, 1));
        assertEquals("load 1.90 0.80 0.25 (2 runnable), steal 20.0 %", after.describe(before));
    }

    @Test
    void aMachineWithoutTheCountersReadsUnknownNeverBusy()
    {
        final HostLoad unknown = HostLoad.read(dir.resolve("absent"), dir.resolve("absent too"));
        assertEquals(-1, unknown.load1());
        assertEquals(-1, unknown.stealShareSince(unknown));
        assertFalse(unknown.busy(unknown, 2));
    }
}
