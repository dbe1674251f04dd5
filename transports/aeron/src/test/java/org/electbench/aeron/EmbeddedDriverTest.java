package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.aeron.CncFileDescriptor;
import org.agrona.IoUtil;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

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

    /** Connects two nodes, sends one message each way, and waits, running {@code poll}, for both. */
    private static void exchangeTwoMessages(final AeronNetwork network, final int[] received, final Await.IntSupplierStep poll)
    {
        network.connect(CONNECT_TIMEOUT_NS);
        network.endpoint(1).claim(0, 0);
        assertTrue(network.endpoint(1).send(2));
        network.endpoint(2).claim(0, MessageHeader.MAX_BODY_LENGTH);
        assertTrue(network.endpoint(2).send(1));
        Await.until(() -> received[0] == 2, poll, () -> "both messages arrive");
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "ipc"})
    void closeLeavesNoDirectoryAndNoThreads(final String transport) throws IOException
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
            assertEquals(AeronDirectories.parent(), directory.getParentFile().getAbsoluteFile());
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(directory.toPath())));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
                directory.toPath().resolve(CncFileDescriptor.CNC_FILE))));
            assertFalse(threadsStartedSince(before).isEmpty(), "the driver and client run threads");
            assertFalse(driver.invokedByCallers());
            assertEquals(0, driver.invoke(), "a driver with its own thread is not run by its callers");

            exchangeTwoMessages(network, received, network::pollAll);
        }

        assertFalse(directory.exists(), () -> "left behind: " + directory);
        assertEquals(List.of(), threadsStartedSince(before));
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "ipc"})
    void aDriverInvokedByItsCallersRunsNoAgentThreadsOnlyAKeeperAndCarriesFrames(final String transport)
    {
        final Set<Thread> before = Thread.getAllStackTraces().keySet();
        final File directory;
        final int[] received = new int[1];
        try (EmbeddedDriver driver = EmbeddedDriver.builder().invokedByCallers().launch();
            AeronNetwork network = new AeronNetwork(driver.aeron(),
                "ipc".equals(transport) ? ChannelPlan.ipc(2) : ChannelPlan.udpLoopback(2), 1, 1,
                (id) -> (from, buffer, offset, length) -> received[0]++))
        {
            directory = driver.directory();
            assertTrue(driver.invokedByCallers());
            // Neither the driver's agents nor the client's conductor have a thread: only the keeper.
            assertEquals(List.of(directory.getName() + "-keeper (daemon)"), threadsStartedSince(before));

            // The keeper runs the cycle while the connect waits; the poll loop runs it itself.
            exchangeTwoMessages(network, received, () -> driver.invoke() + network.pollAll());
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
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void directoriesAreJudgedByTheirDriversHeartbeatNeverByTheProcessIdInTheirName(@TempDir final Path parent)
        throws Exception
    {
        // A live driver whose name carries a process id no process has (ids stay below 2^22 on Linux).
        final File liveDirectory = new File(parent.toFile(), EmbeddedDriver.DIRECTORY_PREFIX + "99999999-1-live");
        try (EmbeddedDriver live = EmbeddedDriver.builder().directory(liveDirectory).launch())
        {
            final File liveCnc = new File(liveDirectory, CncFileDescriptor.CNC_FILE);
            // What a killed driver leaves: its CnC file, whose heartbeat nobody advances, in a directory named
            // after this live process.
            final File deadDirectory = new File(parent.toFile(), EmbeddedDriver.DIRECTORY_PREFIX +
                ProcessHandle.current().pid() + "-2-dead");
            assertTrue(deadDirectory.mkdirs());
            final File deadCnc = new File(deadDirectory, CncFileDescriptor.CNC_FILE);
            Files.copy(liveCnc.toPath(), deadCnc.toPath());
            Files.writeString(deadDirectory.toPath().resolve(AeronDirectories.MARKER), "pid 1\n");
            // Both CnC files old enough to be judged by their heartbeats rather than spared as just created.
            final long longAgoMs = System.currentTimeMillis() - TimeUnit.MINUTES.toMillis(1);
            assertTrue(liveCnc.setLastModified(longAgoMs) && deadCnc.setLastModified(longAgoMs));
            // A marked directory whose CnC file is gone: a driver that shut down before its directory was removed.
            final File emptyDirectory = new File(parent.toFile(), EmbeddedDriver.DIRECTORY_PREFIX + "1-3-empty");
            assertTrue(emptyDirectory.mkdirs());
            Files.writeString(emptyDirectory.toPath().resolve(AeronDirectories.MARKER), "pid 1\n");

            final long staleAfterMs = 2_000;
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            int deleted = 0;
            while (deadDirectory.exists() && System.nanoTime() - deadlineNs < 0)
            {
                deleted += EmbeddedDriver.deleteStaleDirectories(parent.toFile(), staleAfterMs);
                Thread.sleep(100);
            }
            assertFalse(deadDirectory.exists(), "a directory whose heartbeat stopped is removed");
            assertFalse(emptyDirectory.exists(), "a long-empty directory is removed");
            assertEquals(2, deleted);
            assertTrue(liveCnc.isFile(), "a live driver's directory is kept, whatever process id its name carries");
            assertFalse(EmbeddedDriver.isStale(liveDirectory, staleAfterMs));
            assertFalse(live.aeron().isClosed());
        }
    }

    /**
     * The failure: a run in another PID namespace, sharing the temporary folder, took live
     * drivers' directories for dead ones (their owners' ids are not visible there) and deleted them.
     * Here a driver launched under {@code unshare --pid --fork --mount-proc} beside a live pair of
     * endpoints must leave their directory alone, and the pair must still exchange messages.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aDriverInAnotherPidNamespaceLeavesLiveDirectoriesAlone(@TempDir final Path parent) throws Exception
    {
        final String refusal = run(List.of("unshare", "--pid", "--fork", "--mount-proc", "true"));
        assumeTrue(null == refusal, () -> "cannot make a PID namespace here (needs root and unshare): " + refusal);

        final File liveDirectory = new File(parent.toFile(), EmbeddedDriver.DIRECTORY_PREFIX +
            ProcessHandle.current().pid() + "-1-live");
        final ChannelPlan plan = ChannelPlan.ipc(2, 3100);
        final int[] received = new int[3];
        try (EmbeddedDriver live = EmbeddedDriver.builder().directory(liveDirectory).launch();
             AeronEndpoint one = new AeronEndpoint(live.aeron(), plan, 1, 5, 1, (from, buffer, offset, length) -> received[1]++);
             AeronEndpoint two = new AeronEndpoint(live.aeron(), plan, 2, 5, 1, (from, buffer, offset, length) -> received[2]++))
        {
            final File cnc = new File(liveDirectory, CncFileDescriptor.CNC_FILE);
            // Old enough to be judged by its heartbeat, as a long-running cluster's is.
            assertTrue(cnc.setLastModified(System.currentTimeMillis() - TimeUnit.MINUTES.toMillis(1)));

            final String failure = run(List.of("unshare", "--pid", "--fork", "--mount-proc",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xmx64m", "-XX:+UseSerialGC",
                "-D" + AeronDirectories.PARENT_PROPERTY + "=" + parent, "-cp", System.getProperty("java.class.path"),
                LaunchOneDriver.class.getName()));
            assertNull(failure, () -> "the driver in the other namespace failed: " + failure);

            assertTrue(cnc.isFile(), "the live driver's directory survived the other namespace's clean-up");
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (received[2] == 0 && System.nanoTime() - deadlineNs < 0)
            {
                one.claim(0, 0);
                one.send(2);
                two.doWork();
                Thread.sleep(1);
            }
            assertTrue(received[2] > 0, "the live pair still exchanges messages");
        }
    }

    /** @return null when the command exits 0, else its output. */
    private static String run(final List<String> command) throws InterruptedException
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!process.waitFor(60, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return "timed out";
            }
            return 0 == process.exitValue() ? null : "exit " + process.exitValue() + ": " + output;
        }
        catch (final IOException ex)
        {
            return ex.getMessage();
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
