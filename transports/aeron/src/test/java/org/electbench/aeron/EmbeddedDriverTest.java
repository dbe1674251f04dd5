package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.agrona.IoUtil;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class EmbeddedDriverTest
{
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(20);

    private static List<String> threadsStartedSince(final Set<Thread> before)
    {
        final List<String> started = new ArrayList<>();
        for (final Thread thread : Thread.getAllStackTraces().keySet())
        {
            if (thread.isAlive() && !before.contains(thread))
            {
                started.add(thread.getName() + (thread.isDaemon() ? " (daemon)" : ""));
            }
        }
        return started;
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "ipc"})
    void closeLeavesNoDirectoryAndNoThreads(final String transport)
    {
        final Set<Thread> before = Thread.getAllStackTraces().keySet();
        final File directory;
        final int[] received = new int[1];
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronNetwork network = new AeronNetwork(driver.aeron(),
                "ipc".equals(transport) ? ChannelPlan.ipc(2) : ChannelPlan.udpLoopback(2), 1, 1,
                (id) -> (from, buffer, offset, length) -> received[0]++))
        {
            directory = driver.directory();
            assertTrue(new File(directory, "cnc.dat").isFile(), "the driver runs in its own directory");
            assertTrue(directory.getName().startsWith(EmbeddedDriver.DIRECTORY_PREFIX));
            assertEquals(new File(System.getProperty("java.io.tmpdir")).getAbsoluteFile(),
                directory.getParentFile().getAbsoluteFile());
            assertFalse(threadsStartedSince(before).isEmpty(), "the driver and client run threads");

            network.connect(CONNECT_TIMEOUT_NS);
            network.endpoint(1).claim(0, 0);
            assertTrue(network.endpoint(1).send(2));
            network.endpoint(2).claim(0, MessageHeader.MAX_BODY_LENGTH);
            assertTrue(network.endpoint(2).send(1));
            Await.until(() -> received[0] == 2, network::pollAll, () -> "both messages arrive");
        }

        assertFalse(directory.exists(), () -> "left behind: " + directory);
        assertEquals(List.of(), threadsStartedSince(before));
    }

    @Test
    void parallelDriversRunInSeparateDirectories()
    {
        try (EmbeddedDriver first = EmbeddedDriver.launch();
            EmbeddedDriver second = EmbeddedDriver.launch();
            AeronNetwork firstNetwork = new AeronNetwork(first.aeron(), ChannelPlan.ipc(2), 1, 1,
                (id) -> (from, buffer, offset, length) -> { });
            AeronNetwork secondNetwork = new AeronNetwork(second.aeron(), ChannelPlan.ipc(2), 2, 1,
                (id) -> (from, buffer, offset, length) -> { }))
        {
            assertNotEquals(first.aeronDirectoryName(), second.aeronDirectoryName());
            firstNetwork.connect(CONNECT_TIMEOUT_NS);
            secondNetwork.connect(CONNECT_TIMEOUT_NS);
            // Same channels and streams, yet each driver only knows its own client's publications.
            assertEquals(1, firstNetwork.endpoint(1).imageCount());
            assertEquals(1, secondNetwork.endpoint(1).imageCount());
        }
    }

    @Test
    void rejectsTermLengthsAeronWouldRefuse()
    {
        assertEquals("termLength must be a power of two of at least 65536 bytes, was 32768",
            assertThrows(IllegalArgumentException.class, () -> EmbeddedDriver.builder().termLength(32 * 1024)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> EmbeddedDriver.builder().termLength(96 * 1024));
    }

    @Test
    void launchDeletesDirectoriesOfDeadProcessesOnly()
    {
        final File tmp = new File(System.getProperty("java.io.tmpdir"));
        // Pids are below 2^22 on Linux, so this owner is never alive.
        final File stale = new File(tmp, EmbeddedDriver.DIRECTORY_PREFIX + "99999999-1-abc");
        final File live = new File(tmp, EmbeddedDriver.DIRECTORY_PREFIX + ProcessHandle.current().pid() + "-0-test");
        assertTrue(stale.mkdirs() || stale.isDirectory());
        assertTrue(live.mkdirs() || live.isDirectory());
        try
        {
            EmbeddedDriver.launch().close();
            assertFalse(stale.exists(), "a dead process's directory is removed");
            assertTrue(live.isDirectory(), "a live process's directory is kept");
        }
        finally
        {
            IoUtil.delete(stale, true);
            IoUtil.delete(live, true);
        }
    }

    @Test
    void closeIsIdempotent()
    {
        final EmbeddedDriver driver = EmbeddedDriver.launch();
        driver.close();
        driver.close();
        assertFalse(driver.directory().exists());
    }
}
