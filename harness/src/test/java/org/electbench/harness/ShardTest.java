package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardTest
{
    @TempDir
    Path dir;

    @Test
    void everyPartGoesToExactlyOneShard()
    {
        final List<Integer> parts = List.of(0, 1, 2, 3, 4, 5, 6);
        final List<Integer> dealt = new ArrayList<>();
        for (int i = 1; i <= 3; i++)
        {
            dealt.addAll(Shard.parse(i + "/3").select(parts));
        }
        dealt.sort(null);
        assertEquals(parts, dealt);
        assertEquals(List.of(1, 4), Shard.parse("2/3").select(List.of(0, 1, 2, 3, 4)));
        assertEquals(parts, Shard.ALL.select(parts));
    }

    @Test
    void aBadShardNamesTheAcceptedForm()
    {
        for (final String bad : List.of("0/2", "3/2", "1/0", "half", "1/2/3", ""))
        {
            final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad));
            assertTrue(error.getMessage().contains(Shard.ACCEPTED), error.getMessage());
        }
    }

    private Path folder(final String name, final String commit, final long seed, final String commandLine) throws IOException
    {
        final Path folder = Files.createDirectories(dir.resolve(name));
        Files.writeString(folder.resolve(RunFolder.ENVIRONMENT),
            "{\"commit\":\"" + commit + "\",\"seed\":" + seed + ",\"commandLine\":\"" + commandLine + "\"}");
        return folder;
    }

    @Test
    void shardsMergeOnlyFromOneCommitSeedAndCommandLine() throws IOException
    {
        final Path one = folder("a", "abc1234", 1, "./electbench run --quick --runs-dir /x --shard 1/3");
        final Path two = folder("b", "abc1234", 1, "./electbench run --quick --shard=2/3 --runs-dir=/elsewhere");
        assertEquals(List.of("shards 3/3 are missing: the publication covers part of the grid"), Shard.checkMergeable(List.of(one, two)));
        final Path three = folder("c", "abc1234", 1, "./electbench run --quick --shard 3/3");
        assertEquals(List.of(), Shard.checkMergeable(List.of(one, two, three)));

        final Path otherCommit = folder("d", "def5678", 1, "./electbench run --quick --shard 3/3");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.checkMergeable(List.of(one, otherCommit)))
            .getMessage().contains("share their commit"));
        final Path otherGrid = folder("e", "abc1234", 1, "./electbench run --full --shard 3/3");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.checkMergeable(List.of(one, otherGrid)))
            .getMessage().contains("share their settings"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.checkMergeable(List.of(one, one)))
            .getMessage().contains("appears twice"));
        final Path otherCount = folder("f", "abc1234", 1, "./electbench run --quick --shard 2/2");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.checkMergeable(List.of(one, otherCount)))
            .getMessage().contains("share their count"));
        // Unsharded folders of different runs still merge, as before.
        assertEquals(List.of(), Shard.checkMergeable(List.of(folder("g", "x", 1, "./electbench run"), folder("h", "y", 2, "./electbench run"))));
    }
}
