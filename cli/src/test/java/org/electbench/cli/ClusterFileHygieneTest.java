package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.electbench.deploy.ClusterFile;
import org.electbench.spi.AlgorithmRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a careless or hostile cluster file does: each is read as meant or refused, naming the problem readably. */
class ClusterFileHygieneTest
{
    private static final String NODES = "node 1 127.0.0.1:40201\nnode 2 127.0.0.1:40202\nnode 3 127.0.0.1:40203\n";

    @TempDir
    Path dir;

    private ClusterFile parse(final String text)
    {
        return ClusterFile.parse(text, "c.txt", AlgorithmRegistry.instance(), dir);
    }

    private String refusal(final String text)
    {
        return assertThrows(IllegalArgumentException.class, () -> parse(text)).getMessage();
    }

    @Test
    void aByteOrderMarkIsNoPartOfTheFirstKey()
    {
        assertEquals(7, parse("\uFEFFcluster-id 7\nalgorithm bully\n" + NODES).clusterId());
    }

    @Test
    void controlAndDirectionCharactersAreEscapedWhenEchoed()
    {
        final String message = refusal("algorithm bully\nheart\u202Ebeat\u0000 50ms\n" + NODES);
        assertEquals("c.txt line 2: unknown key 'heart\\u202Ebeat\\u0000'; accepted keys: ",
            message.substring(0, message.indexOf("accepted keys: ") + "accepted keys: ".length()));
        assertFalse(message.chars().anyMatch(c -> c < 0x20 || 0x202E == c), message);
    }

    @Test
    void idsAndNumbersAreAsciiDigitsOnly()
    {
        // ARABIC-INDIC DIGIT ONE, which Long.parseLong reads as 1.
        assertEquals("c.txt line 2: 'node id' needs an integer in 1..1024, was '\u0661'",
            refusal("algorithm bully\nnode \u0661 127.0.0.1:40201\nnode 2 127.0.0.1:40202\n"));
        assertTrue(refusal("algorithm bully\ncluster-id \u0967\n" + NODES).contains("'cluster-id' needs an integer"));
    }

    @Test
    void localhostAnd127001WithOnePortAreOneEndpoint()
    {
        assertEquals("c.txt line 3: node 2's endpoint localhost:40201 is node 1's 127.0.0.1:40201 (line 2) under " +
                "another name; every node needs its own",
            refusal("algorithm bully\nnode 1 127.0.0.1:40201\nnode 2 localhost:40201\n"));
        assertTrue(refusal("algorithm bully\nobserver localhost:40201\nnode 1 127.0.0.1:40201\nnode 2 127.0.0.1:40202\n")
            .contains("node 1 and the observer (line 2) share the endpoint localhost:40201"));
    }

    @Test
    void theFingerprintChangesWithTheAlgorithmASettingOrTheMembershipAndNothingElse()
    {
        final long bully = parse("algorithm bully\nheartbeat 50ms\n" + NODES).fingerprint();
        assertEquals(bully, parse("# same cluster, other comments and order\n" + NODES + "heartbeat 50ms\nalgorithm bully\n" +
            "connect-timeout 5s\n").fingerprint());
        assertNotEquals(bully, parse("algorithm ring\nheartbeat 50ms\n" + NODES).fingerprint());
        assertNotEquals(bully, parse("algorithm bully\nheartbeat 40ms\n" + NODES).fingerprint());
        assertNotEquals(bully, parse("algorithm bully\nheartbeat 50ms\n" + NODES.replace("40203", "40204")).fingerprint());
        assertNotEquals(bully, parse("algorithm bully\nheartbeat 50ms\ncluster-id 2\n" + NODES).fingerprint());
    }

    @Test
    void theClusterKeyIsAFileOfAtLeast32BytesBesideTheClusterFile() throws Exception
    {
        assertTrue(refusal("algorithm bully\nkey missing.key\n" + NODES).startsWith("c.txt line 2: cannot read the key file "));
        Files.write(dir.resolve("short.key"), new byte[31]);
        assertTrue(refusal("algorithm bully\nkey short.key\n" + NODES).contains("has 31 bytes; a cluster key needs at least 32"));
        Files.write(dir.resolve("cluster.key"), new byte[32]);
        final ClusterFile keyed = parse("algorithm bully\nkey cluster.key\n" + NODES);
        assertTrue(keyed.keyed());
        assertTrue(keyed.membership().keyed());
        assertNotEquals(parse("algorithm bully\n" + NODES).fingerprint(), keyed.fingerprint());
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS)
    void aKeyOthersMayWriteOrThatIsNoRegularFileOrHugeIsRefusedWithoutHanging() throws Exception
    {
        final Path key = Files.write(dir.resolve("open.key"), new byte[32]);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertEquals("c.txt line 2: the key file " + key + " may be written by other users (mode rw-rw-rw-); chmod 600 it",
            refusal("algorithm bully\nkey open.key\n" + NODES));

        assertEquals("c.txt line 2: the key file /dev/zero is not a regular file but a character device",
            refusal("algorithm bully\nkey /dev/zero\n" + NODES));
        final Path fifo = dir.resolve("fifo.key");
        final Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        if (0 == mkfifo.waitFor())
        {
            assertEquals("c.txt line 2: the key file " + fifo + " is not a regular file but a FIFO",
                refusal("algorithm bully\nkey fifo.key\n" + NODES));
        }
        try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(dir.resolve("huge.key").toFile(), "rw"))
        {
            huge.setLength(300L << 20);
        }
        Files.setPosixFilePermissions(dir.resolve("huge.key"), PosixFilePermissions.fromString("rw-------"));
        assertEquals("c.txt line 2: the key file " + dir.resolve("huge.key") + " is over 4096 bytes; it is read up to 4096",
            refusal("algorithm bully\nkey huge.key\n" + NODES));
    }
}
