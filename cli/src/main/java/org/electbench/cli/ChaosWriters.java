package org.electbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.electbench.reporting.OutputFormat;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.ChaosRun;
import org.electbench.sim.chaos.Liveness;
import org.electbench.sim.chaos.Violation;
import org.electbench.spi.LivenessPromise;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Fault;
import org.electbench.transport.Scenario;
import org.electbench.transport.chaos.ChaosFault;

/**
 * The chaos command's writers, one per {@link OutputFormat} it accepts. The JSON field names are a
 * contract: {@code schedules}, {@code <violation>Schedules}, {@code firstViolationSeed.<violation>}
 * (null when no schedule showed it), with violations {@code splitBrain}, {@code sameTermLeader},
 * {@code olderTermLeader}, {@code stuck}; the liveness promise as {@code leaderNodes} (live nodes
 * a leader needs), {@code livenessBoundNs} and {@code livenessBound} (its formula),
 * {@code noLeaderPromisedSchedules}, and the slowest agreement after the last heal of a schedule
 * promised a leader, {@code slowestAgreementNs} and {@code slowestAgreementSeed} (null when none
 * agreed). One algorithm gives one object, several an array.
 */
final class ChaosWriters
{
    private ChaosWriters()
    {
    }

    static Writer newWriter(final OutputFormat format)
    {
        switch (format)
        {
            case TABLE:
                return new Text();
            case JSON:
                return new Json();
            case CSV:
                return new Csv();
            default:
                throw new IllegalArgumentException("no chaos writer for --format " + format.cliName());
        }
    }

    interface Writer
    {
        /** @param replayFlags the schedule-shaping flags the user gave, to repeat in a replay command. */
        void writeReports(List<ChaosReport> reports, String replayFlags, PrintWriter out);

        void writeReplays(List<ChaosRun> runs, Set<ChaosFault> kinds, String replayFlags, PrintWriter out);
    }

    static String cliName(final Violation violation)
    {
        return violation.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static String replayCommand(final String algorithm, final String seed, final String replayFlags)
    {
        return "./electbench chaos --algorithm " + algorithm + " --replay " + seed + replayFlags;
    }

    /** @return e.g. "a leader with 3 of 5 nodes live and connected, within 1060.000 ms = 2·(5/3·D + T_elec + 3·d)". */
    static String promise(final LivenessPromise promise, final int nodes)
    {
        if (promise.promisesNone())
        {
            return "no leader promised (" + promise.derivation() + "); runs watched " + millis(promise.boundNs()) +
                " ms after the last heal";
        }
        return String.format(Locale.ROOT, "a leader with %d of %d nodes live and connected, agreed within %s ms = %s",
            promise.nodesForLeader(), nodes, millis(promise.boundNs()), promise.derivation());
    }

    /** @return what the run shows of the liveness promise, in words. */
    static String liveness(final Liveness liveness)
    {
        if (!liveness.promised())
        {
            return "no leader promised: " + (liveness.promise().promisesNone() ? liveness.promise().derivation() :
                liveness.liveNodes() + " nodes live, a leader needs " + liveness.promise().nodesForLeader());
        }
        final String bound = "bound " + millis(liveness.promise().boundNs()) + " ms";
        if (liveness.agreedAfterHealNs() < 0)
        {
            return "stuck: no leader agreed after the last heal (" + bound + ")";
        }
        return (liveness.stuck() ? "stuck: " : "") + "leader agreed " + millis(liveness.agreedAfterHealNs()) +
            " ms after the last heal (" + bound + ")";
    }

    private static final class Text implements Writer
    {
        @Override
        public void writeReports(final List<ChaosReport> reports, final String replayFlags, final PrintWriter out)
        {
            final ChaosReport first = reports.get(0);
            out.printf(Locale.ROOT, "chaos: n=%d schedules=%d seed=%d faults=%s delay=%s%n", first.nodes(), first.schedules(),
                first.seed(), ChaosFault.toCliList(first.kinds()), first.network());
            out.print(TableFormat.MARKDOWN.render(reportTable(reports)));
            out.println("liveness: stuck counts schedules that left enough nodes for the promised leader and had none agreed " +
                "within the bound after the last heal (d: the p99 one-way delay); no-promise those that left too few:");
            for (final ChaosReport report : reports)
            {
                out.printf(Locale.ROOT, "  %-10s %s; slowest %s%n", report.algorithm(), promise(report.promise(), report.nodes()),
                    report.slowestAgreementNs() < 0 ? "none agreed" :
                        millis(report.slowestAgreementNs()) + " ms (seed " + report.slowestSeed() + ")");
            }
            out.printf("first seed of each violation (replay one: %s):%n", replayCommand("NAME", "SEED", replayFlags));
            for (final ChaosReport report : reports)
            {
                final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-10s", report.algorithm()));
                boolean any = false;
                for (final Violation violation : Violation.values())
                {
                    if (report.found(violation))
                    {
                        line.append(' ').append(cliName(violation)).append(' ').append(report.firstSeed(violation));
                        any = true;
                    }
                }
                out.println(any ? line : line.append(" none"));
            }
        }

        @Override
        public void writeReplays(final List<ChaosRun> runs, final Set<ChaosFault> kinds, final String replayFlags, final PrintWriter out)
        {
            for (final ChaosRun run : runs)
            {
                final Scenario scenario = run.scenario();
                final ElectionResult result = run.result();
                out.printf(Locale.ROOT, "chaos replay: %s n=%d seed=%d faults=%s delay=%s%n", scenario.algorithm().name(),
                    scenario.nodes(), scenario.seed(), ChaosFault.toCliList(kinds), scenario.network());
                out.println("  schedule (settled start, node " + scenario.nodes() + " leading term 1):");
                for (final Fault fault : run.faults().faults())
                {
                    out.println("    " + fault);
                }
                out.printf(Locale.ROOT, "  outcome: %s, leader %d, run ended at %s ms after %d events%n",
                    result.converged() ? "converged " + millis(result.convergenceNs()) + " ms after the first fault" :
                        "unconverged", result.finalLeader(), millis(result.endNs()), result.events());
                out.printf(Locale.ROOT, "  safety: max concurrent leaders %d, split brain %s ms, same-term leaders %d, " +
                        "older-term leader %s ms%n", result.maxConcurrentLeaders(), millis(result.splitBrainNs()),
                    result.sameTermLeaders(), millis(result.olderTermLeaderNs()));
                out.println("  liveness: " + liveness(run.liveness()) + "; promised: " +
                    promise(run.liveness().promise(), scenario.nodes()));
                final Set<Violation> violations = run.violations();
                out.println("  violations: " + (violations.isEmpty() ? "none" :
                    violations.stream().map(ChaosWriters::cliName).collect(Collectors.joining(", "))));
                out.println("  again: " + replayCommand(scenario.algorithm().name(), Long.toString(scenario.seed()), replayFlags));
            }
        }
    }

    private static final class Json implements Writer
    {
        private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

        @Override
        public void writeReports(final List<ChaosReport> reports, final String replayFlags, final PrintWriter out)
        {
            final ArrayNode all = MAPPER.createArrayNode();
            for (final ChaosReport report : reports)
            {
                final ObjectNode root = all.addObject();
                root.put("algorithm", report.algorithm());
                root.put("nodes", report.nodes());
                root.put("seed", report.seed());
                root.put("faults", ChaosFault.toCliList(report.kinds()));
                root.put("delay", report.network().delay().toString());
                root.put("schedules", report.schedules());
                for (final Violation violation : Violation.values())
                {
                    root.put(violation.key() + "Schedules", report.count(violation));
                }
                final ObjectNode firstSeeds = root.putObject("firstViolationSeed");
                for (final Violation violation : Violation.values())
                {
                    if (report.found(violation))
                    {
                        firstSeeds.put(violation.key(), report.firstSeed(violation));
                    }
                    else
                    {
                        firstSeeds.putNull(violation.key());
                    }
                }
                root.put("leaderNodes", report.promise().nodesForLeader());
                root.put("livenessBoundNs", report.promise().boundNs());
                root.put("livenessBound", report.promise().derivation());
                root.put("noLeaderPromisedSchedules", report.unpromised());
                if (report.slowestAgreementNs() < 0)
                {
                    root.putNull("slowestAgreementNs");
                    root.putNull("slowestAgreementSeed");
                }
                else
                {
                    root.put("slowestAgreementNs", report.slowestAgreementNs());
                    root.put("slowestAgreementSeed", report.slowestSeed());
                }
                root.put("events", report.events());
                root.put("wallNs", report.wallNs());
            }
            print(all, out);
        }

        @Override
        public void writeReplays(final List<ChaosRun> runs, final Set<ChaosFault> kinds, final String replayFlags, final PrintWriter out)
        {
            final ArrayNode all = MAPPER.createArrayNode();
            for (final ChaosRun run : runs)
            {
                final Scenario scenario = run.scenario();
                final ElectionResult result = run.result();
                final ObjectNode root = all.addObject();
                root.put("algorithm", scenario.algorithm().name());
                root.put("nodes", scenario.nodes());
                root.put("seed", scenario.seed());
                root.put("faults", ChaosFault.toCliList(kinds));
                root.put("delay", scenario.network().delay().toString());
                final ArrayNode schedule = root.putArray("schedule");
                run.faults().faults().forEach(fault -> schedule.add(fault.toString()));
                root.put("converged", result.converged());
                root.put("leader", result.finalLeader());
                root.put("convergenceNs", result.convergenceNs());
                root.put("maxConcurrentLeaders", result.maxConcurrentLeaders());
                root.put("splitBrainNs", result.splitBrainNs());
                root.put("sameTermLeaders", result.sameTermLeaders());
                root.put("olderTermLeaderNs", result.olderTermLeaderNs());
                root.put("endNs", result.endNs());
                root.put("events", result.events());
                root.put("liveNodes", run.liveness().liveNodes());
                root.put("leaderNodes", run.liveness().promise().nodesForLeader());
                root.put("livenessBoundNs", run.liveness().promise().boundNs());
                root.put("agreedAfterHealNs", run.liveness().agreedAfterHealNs());
                final ArrayNode violations = root.putArray("violations");
                run.violations().forEach(violation -> violations.add(violation.key()));
            }
            print(all, out);
        }

        private static void print(final ArrayNode all, final PrintWriter out)
        {
            final JsonNode node = all.size() == 1 ? all.get(0) : all;
            try
            {
                out.println(MAPPER.writeValueAsString(node));
            }
            catch (final JsonProcessingException ex)
            {
                throw new IllegalStateException(ex);
            }
        }
    }

    /** @return the reports as the one table model: a row per algorithm, the violations' counts and first seeds. */
    static Table reportTable(final List<ChaosReport> reports)
    {
        final List<Table.Column> columns = new ArrayList<>(List.of(
            new Table.Column("algorithm", "algorithm", true, false),
            new Table.Column("nodes", "n", true, true),
            new Table.Column("seed", "seed", false, true),
            new Table.Column("faults", "faults", false, false),
            new Table.Column("delay", "delay", false, false),
            new Table.Column("schedules", "schedules", true, true)));
        for (final Violation violation : Violation.values())
        {
            columns.add(new Table.Column(violation.key() + "Schedules", cliName(violation), true, true));
        }
        for (final Violation violation : Violation.values())
        {
            columns.add(new Table.Column("firstSeed." + violation.key(), "first " + cliName(violation) + " seed", false, true));
        }
        columns.add(new Table.Column("noLeaderPromisedSchedules", "no-promise", true, true));
        columns.add(new Table.Column("leaderNodes", "nodes for a leader", false, true));
        columns.add(new Table.Column("livenessBoundNs", "liveness bound", false, true));
        columns.add(new Table.Column("slowestAgreementNs", "slowest agreement", false, true));
        columns.add(new Table.Column("slowestAgreementSeed", "slowest agreement seed", false, true));
        columns.add(new Table.Column("events", "events", false, true));
        columns.add(new Table.Column("wallNs", "wall time", false, true));
        columns.add(new Table.Column("schedulesPerSecond", "schedules/s", true, true));
        final List<List<Table.Value>> rows = new ArrayList<>();
        for (final ChaosReport report : reports)
        {
            final List<Table.Value> row = new ArrayList<>(List.of(Table.Value.text(report.algorithm()), number(report.nodes()),
                number(report.seed()), Table.Value.text(ChaosFault.toCliList(report.kinds())),
                Table.Value.text(report.network().delay().toString()), number(report.schedules())));
            for (final Violation violation : Violation.values())
            {
                row.add(number(report.count(violation)));
            }
            for (final Violation violation : Violation.values())
            {
                row.add(report.found(violation) ? number(report.firstSeed(violation)) : Table.Value.NONE);
            }
            row.add(number(report.unpromised()));
            row.add(number(report.promise().nodesForLeader()));
            row.add(Table.Value.duration(report.promise().boundNs()));
            row.add(report.slowestAgreementNs() < 0 ? Table.Value.NONE : Table.Value.duration(report.slowestAgreementNs()));
            row.add(report.slowestAgreementNs() < 0 ? Table.Value.NONE : number(report.slowestSeed()));
            row.add(number(report.events()));
            row.add(Table.Value.duration(report.wallNs()));
            row.add(new Table.Value(String.format(Locale.ROOT, "%.0f", report.schedulesPerSecond()), report.schedulesPerSecond()));
            rows.add(row);
        }
        return new Table("chaos", "chaos", List.of(), columns, rows);
    }

    /** @return the replays as the one table model: a row per replayed schedule. */
    static Table replayTable(final List<ChaosRun> runs)
    {
        final List<Table.Column> columns = new ArrayList<>();
        for (final String id : List.of("algorithm", "nodes", "seed", "converged", "leader", "convergenceNs", "maxConcurrentLeaders",
            "splitBrainNs", "sameTermLeaders", "olderTermLeaderNs", "events", "liveNodes", "leaderNodes", "livenessBoundNs",
            "agreedAfterHealNs", "violations", "schedule"))
        {
            columns.add(new Table.Column(id, id, true, !List.of("algorithm", "converged", "violations", "schedule").contains(id)));
        }
        final List<List<Table.Value>> rows = new ArrayList<>();
        for (final ChaosRun run : runs)
        {
            final ElectionResult result = run.result();
            rows.add(List.of(Table.Value.text(run.scenario().algorithm().name()), number(run.scenario().nodes()),
                number(run.scenario().seed()), Table.Value.text(Boolean.toString(result.converged())), number(result.finalLeader()),
                Table.Value.duration(result.convergenceNs()), number(result.maxConcurrentLeaders()), Table.Value.duration(result.splitBrainNs()),
                number(result.sameTermLeaders()), Table.Value.duration(result.olderTermLeaderNs()), number(result.events()),
                number(run.liveness().liveNodes()), number(run.liveness().promise().nodesForLeader()),
                Table.Value.duration(run.liveness().promise().boundNs()),
                run.liveness().agreedAfterHealNs() < 0 ? number(run.liveness().agreedAfterHealNs()) :
                    Table.Value.duration(run.liveness().agreedAfterHealNs()),
                Table.Value.text(run.violations().stream().map(Violation::key).collect(Collectors.joining(";"))),
                Table.Value.text(run.faults().faults().stream().map(Fault::toString).collect(Collectors.joining("; ")))));
        }
        return new Table("chaos-replay", "chaos replay", List.of(), columns, rows);
    }

    private static Table.Value number(final long value)
    {
        return new Table.Value(Long.toString(value), value);
    }

    private static final class Csv implements Writer
    {
        @Override
        public void writeReports(final List<ChaosReport> reports, final String replayFlags, final PrintWriter out)
        {
            out.print(TableFormat.CSV.render(reportTable(reports)));
        }

        @Override
        public void writeReplays(final List<ChaosRun> runs, final Set<ChaosFault> kinds, final String replayFlags, final PrintWriter out)
        {
            out.print(TableFormat.CSV.render(replayTable(runs)));
        }
    }

    /** @return nanoseconds as milliseconds with three decimals. */
    static String millis(final double ns)
    {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }
}
