package org.electbench.analysis;

import org.electbench.reporting.Numbers;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.electbench.transport.AtomicOutput;

/**
 * The "reference implementations" table: rows of real systems (Aeron Cluster, ZooKeeper) measured
 * in namespaces on the real network stack, read from each run folder's {@code reference/*.json}
 * (format {@value #FORMAT}). Durations are fault to first new leader ("elected") and fault to every
 * live node naming it ("agreed"), from the nodes' own state; a p50 carries the 95 % interval of a
 * median over its count, a p99 is shown only from 100 values on. Message counts are left blank: the
 * systems' own traffic is not observed. A row with host-late failovers is marked and draws no
 * safety verdict, as for the real transports.
 */
public final class ReferenceTable
{
    public static final String FORMAT = "electbench-reference-row/1";
    public static final String FOLDER = "reference";
    private static final int MIN_P99 = 100;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ReferenceTable()
    {
    }

    /** @return the rows in these folders, by file name; empty when none has any. */
    public static List<JsonNode> rows(final List<Path> folders)
    {
        final List<JsonNode> rows = new ArrayList<>();
        for (final Path folder : folders)
        {
            final Path dir = folder.resolve(FOLDER);
            if (!Files.isDirectory(dir))
            {
                continue;
            }
            final List<Path> files = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.json"))
            {
                entries.forEach(files::add);
            }
            catch (final IOException ex)
            {
                throw new AnalysisException(dir, "cannot list: " + ex.getMessage(), ex);
            }
            files.sort(null);
            for (final Path file : files)
            {
                final JsonNode root;
                try
                {
                    root = MAPPER.readTree(file.toFile());
                }
                catch (final IOException ex)
                {
                    throw new AnalysisException(file, "not a reference row: " + ex.getMessage(), ex);
                }
                if (FORMAT.equals(root.path("format").asText()))
                {
                    rows.add(root);
                }
            }
        }
        return rows;
    }

    /** @return the table of these rows. */
    public static Table table(final List<JsonNode> rows)
    {
        final List<Table.Column> columns = List.of(
            new Table.Column("system", "system", true, false),
            new Table.Column("implementation", "implementation", false, false),
            new Table.Column("scenario", "scenario", true, false),
            new Table.Column("nodes", "n", true, true),
            new Table.Column("detection_silence_ns", "detection silence", true, true),
            new Table.Column("settings", "settings (its own keys)", false, false),
            new Table.Column("matched_to", "matched to", true, false),
            new Table.Column("failovers", "failovers", true, true),
            new Table.Column("elected.p50_ns", "elected p50", true, true),
            new Table.Column("agreed.p50_ns", "agreed p50 (95% CI)", true, true),
            new Table.Column("agreed.p90_ns", "agreed p90", true, true),
            new Table.Column("agreed.p99_ns", "agreed p99", true, true),
            new Table.Column("agreed.max_ns", "agreed max", true, true),
            new Table.Column("step_down.p50_ns", "old leader gives up p50", true, true),
            new Table.Column("two_leaders_claimed.max_ns", "two leaders claimed, max", true, true),
            new Table.Column("stale_writes", "two leaders serving writes", true, true),
            new Table.Column("unconverged", "unconverged", true, true),
            new Table.Column("fresh_clusters", "fresh clusters", true, true),
            new Table.Column("messages", "messages", true, true));
        final List<List<Table.Value>> values = new ArrayList<>();
        for (final JsonNode row : rows)
        {
            final long[] elected = measure(row, "electedNs");
            final long[] agreed = measure(row, "agreedNs");
            final long[] stepDown = measure(row, "stepDownNs");
            long claimedMax = 0;
            long stale = 0;
            long hostLate = 0;
            for (final JsonNode failover : row.path("failovers"))
            {
                claimedMax = Math.max(claimedMax, failover.path("twoLeadersClaimedNs").asLong());
                stale += failover.path("staleWrites").asLong();
                hostLate += failover.path("hostLate").asBoolean() ? 1 : 0;
            }
            final int count = row.path("failovers").size();
            values.add(List.of(
                Table.Value.text(row.path("system").asText()),
                Table.Value.text(row.path("implementation").asText()),
                Table.Value.text(row.path("scenario").asText()),
                new Table.Value(String.valueOf(row.path("nodes").asInt()), row.path("nodes").asInt()),
                Table.Value.duration(row.path("detectionSilenceNs").asLong()),
                Table.Value.text(settings(row.path("settings"))),
                Table.Value.text(row.path("matching").isTextual() ? row.path("matching").asText() : "as given"),
                new Table.Value(String.valueOf(count), count),
                percentile(elected, 0.5),
                median(agreed),
                percentile(agreed, 0.9),
                agreed.length >= MIN_P99 ? percentile(agreed, 0.99) : Table.Value.NONE,
                0 == agreed.length ? Table.Value.NONE : Table.Value.duration(agreed[agreed.length - 1]),
                percentile(stepDown, 0.5),
                "leader-crash".equals(row.path("scenario").asText()) ? Table.Value.NONE : Table.Value.duration(claimedMax),
                safety(stale, hostLate),
                new Table.Value(String.valueOf(count - agreed.length), count - agreed.length),
                new Table.Value(String.valueOf(row.path("freshClusters").asLong()), row.path("freshClusters").asLong()),
                Table.Value.NONE));
        }
        return new Table("reference", "Reference implementations", List.of(
            "Real systems, each node a process in its own network namespace; faults are SIGKILL, SIGSTOP/SIGCONT and nftables drops.",
            "elected: fault to the first other node saying it leads; agreed: fault to every live node naming that leader, " +
                "from the nodes' own state (Aeron's role and election counters, ZooKeeper's peer state).",
            "Two leaders serving writes: writes committed in an older term after one in a newer term (the old leader still " +
                "committing); two leaders claimed: how long the old leader still said it led after the new one did.",
            "messages: left blank, not observable: the systems' own traffic (Aeron's UDP frames, ZooKeeper's TCP) is not counted.",
            "matched to: the textbook rows' detection timeout D and heartbeat HBT that `run --reference` set in the system's " +
                "own keys (the settings column names them; the rest are its defaults here); as given: `reference`'s settings.",
            "fresh clusters: how often the cluster did not settle on a leader serving writes before a fault (90 s) and a " +
                "fresh one took over the row; no failover is lost, the fault had not hit.",
            "p99 only from " + MIN_P99 + " failovers on."), columns, values);
    }

    /** @return the settings a row ran with, key=value in key order. */
    private static String settings(final JsonNode settings)
    {
        final java.util.SortedMap<String, String> sorted = new java.util.TreeMap<>();
        settings.fields().forEachRemaining(entry -> sorted.put(entry.getKey(), entry.getValue().asText()));
        final StringBuilder text = new StringBuilder();
        sorted.forEach((key, value) -> text.append(text.length() == 0 ? "" : " ").append(key).append('=').append(value));
        return text.toString();
    }

    private static Table.Value safety(final long stale, final long hostLate)
    {
        if (hostLate > 0)
        {
            return new Table.Value("MARKED hostLate " + hostLate + ": no verdict (seen: " + stale + ")", stale);
        }
        return new Table.Value(String.valueOf(stale), stale);
    }

    private static long[] measure(final JsonNode row, final String field)
    {
        return java.util.stream.StreamSupport.stream(row.path("failovers").spliterator(), false)
            .mapToLong(failover -> failover.path(field).asLong(-1)).filter(value -> value >= 0).sorted().toArray();
    }

    private static Table.Value percentile(final long[] sorted, final double quantile)
    {
        if (0 == sorted.length)
        {
            return Table.Value.NONE;
        }
        final int index = (int)Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1));
        return Table.Value.duration(sorted[index]);
    }

    /** @return the median with the 95 % interval of a median over that many values (order statistics n/2 ± 0.98·√n). */
    private static Table.Value median(final long[] sorted)
    {
        if (0 == sorted.length)
        {
            return Table.Value.NONE;
        }
        final long median = sorted[(sorted.length - 1) / 2];
        final double half = 0.98 * Math.sqrt(sorted.length);
        final int low = (int)Math.max(0, Math.floor(sorted.length / 2.0 - half) - 1);
        final int high = (int)Math.min(sorted.length - 1, Math.ceil(sorted.length / 2.0 + half) - 1);
        return new Table.Value(String.format(Locale.ROOT, "%s (%s-%s)", ms(median), ms(sorted[low]), ms(sorted[high])), median);
    }

    private static String ms(final long ns)
    {
        return Numbers.readable(ns + "ns");
    }

    /** @return the markdown section for these folders, or empty when none holds a reference row. */
    public static String markdown(final List<Path> folders)
    {
        final List<JsonNode> rows = rows(folders);
        return rows.isEmpty() ? "" : TableFormat.MARKDOWN.render(table(rows)) + "\n";
    }

    /**
     * Writes the table beside a report's others ({@code tables/reference.md|csv|json}) and appends it to
     * its {@code report.md}; nothing when no folder holds a reference row.
     *
     * @return the files written.
     */
    public static List<Path> write(final List<Path> folders, final Path out)
    {
        final List<JsonNode> rows = rows(folders);
        if (rows.isEmpty())
        {
            return List.of();
        }
        final Table table = table(rows);
        final List<Path> written = new ArrayList<>();
        // As the report's own files: nothing below the report folder's parent is followed or replaced unless regular.
        final Path root = null == out.toAbsolutePath().getParent() ? out.toAbsolutePath() : out.toAbsolutePath().getParent();
        for (final TableFormat format : List.of(TableFormat.MARKDOWN, TableFormat.CSV, TableFormat.JSON))
        {
            final Path file = out.resolve(ReportWriter.TABLES).resolve(table.id() + "." + format.extension());
            AtomicOutput.replaceInside(root, file, format.render(table));
            written.add(file);
        }
        final Path report = out.resolve(ReportWriter.REPORT_MD);
        try
        {
            final String before = Files.exists(report) ? Files.readString(report) : "";
            AtomicOutput.replaceInside(root, report, before + "\n" + TableFormat.MARKDOWN.render(table) + "\n");
        }
        catch (final IOException ex)
        {
            throw new AnalysisException(report, "cannot read back: " + ex.getMessage(), ex);
        }
        written.add(report);
        return written;
    }
}
