package org.electbench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One share of a run's grid, {@code i/k}: the grid's parts are numbered in the order the grid
 * enumerates them, and shard {@code i} of {@code k} takes the parts whose number is
 * {@code i - 1} modulo {@code k}. The grid is a function of the command line (never of the
 * machine), so {@code k} machines given the same command with {@code --shard 1/k} ..
 * {@code --shard k/k} run every part exactly once between them, and {@code report} merges their
 * folders ({@link #checkMergeable}).
 *
 * @param index which share, 1..count.
 * @param count how many shares, at least 1.
 */
public record Shard(int index, int count)
{
    /** The whole grid. */
    public static final Shard ALL = new Shard(1, 1);
    /** The command line's flag, as the run folder's command line records it. */
    public static final String FLAG = "--shard";
    public static final String ACCEPTED = "i/k with 1 <= i <= k, e.g. 1/2";

    private static final Pattern FORM = Pattern.compile("(\\d{1,6})/(\\d{1,6})");
    /** Flags that say only where a run's files are, so two hosts may differ in them and still have run the same grid. */
    private static final Set<String> LOCATION_FLAGS = Set.of(FLAG, "--runs-dir", "--jar", "--out");

    public Shard
    {
        if (count < 1 || index < 1 || index > count)
        {
            throw new IllegalArgumentException("a shard is " + ACCEPTED + ", got " + index + "/" + count);
        }
    }

    /**
     * @param text {@code i/k}.
     * @return the shard.
     * @throws IllegalArgumentException naming the accepted form.
     */
    public static Shard parse(final String text)
    {
        final Matcher matcher = FORM.matcher(null == text ? "" : text.trim());
        if (!matcher.matches())
        {
            throw new IllegalArgumentException("'" + text + "' is not a shard: expected " + ACCEPTED);
        }
        return new Shard(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    /** @return whether this shard runs the part numbered {@code part} (0-based) of the grid. */
    public boolean takes(final int part)
    {
        return part % count == index - 1;
    }

    /** @return the parts this shard runs, in the grid's order. */
    public <T> List<T> select(final List<T> parts)
    {
        final List<T> chosen = new ArrayList<>();
        for (int part = 0; part < parts.size(); part++)
        {
            if (takes(part))
            {
                chosen.add(parts.get(part));
            }
        }
        return chosen;
    }

    @Override
    public String toString()
    {
        return index + "/" + count;
    }

    /**
     * Checks that run folders may be merged into one publication: when any of them ran a shard,
     * all must come from the same commit, seed and command line (but for where files go and the
     * shard itself), and from distinct shards of one grid.
     *
     * @param folders run folders, as {@code report} takes them.
     * @return warnings that do not stop a merge (shards missing), empty when none.
     * @throws IllegalArgumentException naming the folders that differ and how.
     */
    public static List<String> checkMergeable(final List<Path> folders) throws IOException
    {
        final List<Path> withEnvironment = new ArrayList<>();
        final List<JsonNode> environments = new ArrayList<>();
        boolean sharded = false;
        for (final Path folder : folders)
        {
            final Path file = folder.resolve(RunFolder.ENVIRONMENT);
            if (Files.isRegularFile(file))
            {
                final JsonNode environment = new ObjectMapper().readTree(file.toFile());
                withEnvironment.add(folder);
                environments.add(environment);
                sharded |= null != shardOf(environment.path("commandLine").asText(""));
            }
        }
        final List<String> warnings = new ArrayList<>();
        if (!sharded)
        {
            return warnings;
        }
        final JsonNode first = environments.get(0);
        final Set<Integer> seen = new TreeSet<>();
        int count = 0;
        for (int k = 0; k < environments.size(); k++)
        {
            final JsonNode environment = environments.get(k);
            final String where = withEnvironment.get(k) + " and " + withEnvironment.get(0);
            for (final String key : List.of("commit", "seed"))
            {
                if (!environment.path(key).asText("").equals(first.path(key).asText("")))
                {
                    throw new IllegalArgumentException("shards of one grid share their " + key + ": " + where + " have " +
                        environment.path(key).asText("") + " and " + first.path(key).asText(""));
                }
            }
            final String settings = settings(environment.path("commandLine").asText(""));
            if (!settings.equals(settings(first.path("commandLine").asText(""))))
            {
                throw new IllegalArgumentException("shards of one grid share their settings: " + where + " ran `" + settings +
                    "` and `" + settings(first.path("commandLine").asText("")) + "`");
            }
            final Shard shard = shardOf(environment.path("commandLine").asText(""));
            final Shard own = null == shard ? ALL : shard;
            if (0 != count && own.count() != count)
            {
                throw new IllegalArgumentException("shards of one grid share their count: " + where + " ran shards of " +
                    own.count() + " and " + count);
            }
            count = own.count();
            if (!seen.add(own.index()))
            {
                throw new IllegalArgumentException("shard " + own + " appears twice: " + withEnvironment.get(k));
            }
        }
        if (seen.size() < count)
        {
            final List<String> missing = new ArrayList<>();
            for (int i = 1; i <= count; i++)
            {
                if (!seen.contains(i))
                {
                    missing.add(i + "/" + count);
                }
            }
            warnings.add("shards " + String.join(", ", missing) + " are missing: the publication covers part of the grid");
        }
        return warnings;
    }

    /** @return the shard a command line ran, or null for the whole grid. */
    static Shard shardOf(final String commandLine)
    {
        final String[] args = commandLine.trim().split("\\s+");
        for (int i = 0; i < args.length; i++)
        {
            if (FLAG.equals(args[i]) && i + 1 < args.length)
            {
                return parse(args[i + 1]);
            }
            if (args[i].startsWith(FLAG + "="))
            {
                return parse(args[i].substring(FLAG.length() + 1));
            }
        }
        return null;
    }

    /** @return the command line without the flags that say only where files go, and without the shard. */
    static String settings(final String commandLine)
    {
        final String[] args = commandLine.trim().split("\\s+");
        final List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.length; i++)
        {
            final int eq = args[i].indexOf('=');
            final String flag = eq > 0 ? args[i].substring(0, eq) : args[i];
            if (LOCATION_FLAGS.contains(flag))
            {
                i += eq > 0 ? 0 : 1;
            }
            else
            {
                kept.add(args[i]);
            }
        }
        return String.join(" ", kept);
    }
}
