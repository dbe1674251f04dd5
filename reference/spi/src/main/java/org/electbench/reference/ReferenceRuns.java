package org.electbench.reference;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * Measures rows: a fresh cluster per row, the scenario's failovers one after another on it, the row
 * and its leaders over time (every state every node reported, the nodes' own clock) written
 * into a folder as each row ends, so an interrupted run keeps the rows it finished.
 */
public final class ReferenceRuns
{
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Fresh clusters a row may start when one does not settle before a fault, before the row fails. */
    private static final int MAX_FRESH_CLUSTERS = 3;

    private ReferenceRuns()
    {
    }

    /** Progress, one line at a time. */
    @FunctionalInterface
    public interface Progress
    {
        void say(String line);
    }

    /**
     * @param folder   where {@link ReferenceRow#FOLDER} goes.
     * @param budgetNs how long one failover may take before it counts as unconverged.
     * @return the row measured.
     */
    public static ReferenceRow measure(final ReferenceSystem system, final int nodes, final ReferenceScenario scenario,
        final int failoverCount, final Map<String, String> settings, final long budgetNs, final Path folder, final Progress progress)
        throws IOException, InterruptedException
    {
        return measure(system, nodes, scenario, failoverCount, settings, null, budgetNs, folder, progress);
    }

    /**
     * @param matching how {@code settings} were matched to the textbook rows' timing, kept in the row; null for none.
     * @return the row measured.
     * @see #measure(ReferenceSystem, int, ReferenceScenario, int, Map, long, Path, Progress)
     */
    public static ReferenceRow measure(final ReferenceSystem system, final int nodes, final ReferenceScenario scenario,
        final int failoverCount, final Map<String, String> settings, final String matching, final long budgetNs, final Path folder,
        final Progress progress) throws IOException, InterruptedException
    {
        final List<Failover> failovers = new ArrayList<>();
        final StringBuilder leaders = new StringBuilder("t_ns,node,role,leader,term\n");
        final long startNs = System.nanoTime();
        int fresh = 0;
        ReferenceCluster cluster = new ReferenceCluster(system, nodes, settings);
        try
        {
            Failovers driver = new Failovers(cluster, scenario, budgetNs);
            while (failovers.size() < failoverCount)
            {
                final Failover failover;
                try
                {
                    failover = driver.next();
                }
                catch (final Failovers.Unsettled ex)
                {
                    // A stuck cluster (seen: Aeron's restarted member whose log replication stalls on a loaded host) is
                    // replaced rather than ending the run; how often is kept in the row.
                    if (++fresh > MAX_FRESH_CLUSTERS)
                    {
                        throw ex;
                    }
                    progress.say(system.name() + " n=" + nodes + " " + scenario.label() + ": did not settle before a fault; " +
                        "starting a fresh cluster (" + fresh + " so far): " + ex.getMessage().lines().findFirst().orElse(""));
                    appendLeaders(leaders, cluster, startNs);
                    cluster.close();
                    cluster = new ReferenceCluster(system, nodes, settings);
                    driver = new Failovers(cluster, scenario, budgetNs);
                    continue;
                }
                failovers.add(failover);
                progress.say(String.format(java.util.Locale.ROOT, "%s n=%d %s %d/%d: leader %d -> %d, elected %s, agreed %s%s%s",
                    system.name(), nodes, scenario.label(), failovers.size(), failoverCount, failover.oldLeader(), failover.newLeader(),
                    ms(failover.electedNs()), ms(failover.agreedNs()), failover.hostLate() ? " (host late)" : "",
                    failover.staleWrites() > 0 ? " STALE WRITES " + failover.staleWrites() : ""));
            }
            appendLeaders(leaders, cluster, startNs);
            final ReferenceRow row = new ReferenceRow(ReferenceRow.FORMAT, system.name(), system.implementation(), scenario.label(), nodes,
                cluster.settings(), system.detectionSilenceNs(cluster.settings()), failovers, matching, fresh);
            write(folder, row, leaders.toString());
            return row;
        }
        finally
        {
            cluster.close();
        }
    }

    private static String ms(final long ns)
    {
        return ns < 0 ? "never" : String.format(java.util.Locale.ROOT, "%.1f ms", ns / 1e6);
    }

    private static void appendLeaders(final StringBuilder out, final ReferenceCluster cluster, final long startNs)
    {
        for (int id = 1; id <= cluster.nodes(); id++)
        {
            for (final StateLine state : cluster.track(id).history())
            {
                out.append(state.nanos() - startNs).append(',').append(id).append(',').append(state.role()).append(',')
                    .append(state.leaderId()).append(',').append(state.value()).append('\n');
            }
        }
    }

    private static void write(final Path folder, final ReferenceRow row, final String leaders) throws IOException
    {
        final Path dir = Files.createDirectories(folder.resolve(ReferenceRow.FOLDER));
        final Path json = dir.resolve(row.fileName());
        final Path partial = dir.resolve(row.fileName() + ".partial");
        MAPPER.writeValue(partial.toFile(), row);
        Files.move(partial, json, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        Files.writeString(dir.resolve(row.fileName().replace(".json", "-leaders.csv")), leaders, StandardCharsets.UTF_8);
    }

    /** @return a row read back from its file. */
    public static ReferenceRow read(final Path file) throws IOException
    {
        return MAPPER.readValue(file.toFile(), ReferenceRow.class);
    }
}
