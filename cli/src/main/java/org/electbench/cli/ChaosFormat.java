package org.electbench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.ChaosRun;
import org.electbench.sim.chaos.Liveness;
import org.electbench.sim.chaos.Violation;
import org.electbench.spi.LivenessPromise;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Fault;
import org.electbench.transport.Scenario;
import org.electbench.transport.chaos.ChaosFault;
import picocli.CommandLine.ITypeConverter;

/**
 * The chaos command's output formats, as an enum of factories. The JSON field names are a
 * contract: {@code schedules}, {@code <violation>Schedules}, {@code firstViolationSeed.<violation>}
 * (null when no schedule showed it), with violations {@code splitBrain}, {@code sameTermLeader},
 * {@code olderTermLeader}, {@code stuck}; the liveness promise as {@code leaderNodes} (live nodes
 * a leader needs), {@code livenessBoundNs} and {@code livenessBound} (its formula),
 * {@code noLeaderPromisedSchedules}, and the slowest agreement after the last heal of a schedule
 * promised a leader, {@code slowestAgreementNs} and {@code slowestAgreementSeed} (null when none
 * agreed). One algorithm gives one object, several an array.
 */
enum ChaosFormat
{
    TABLE(Table::new),
    JSON(Json::new),
    CSV(Csv::new);

    private final Supplier<Writer> factory;

    ChaosFormat(final Supplier<Writer> factory)
    {
        this.factory = factory;
    }

    Writer newWriter()
    {
        return factory.get();
    }

    interface Writer
    {
        /** @param replayFlags the schedule-shaping flags the user gave, to repeat in a replay command. */
        void writeReports(List<ChaosReport> reports, String replayFlags, PrintWriter out);

        void writeReplays(List<ChaosRun> runs, Set<ChaosFault> kinds, String replayFlags, PrintWriter out);
    }

    static final class Name implements ITypeConverter<ChaosFormat>
    {
        @Override
        public ChaosFormat convert(final String value)
        {
            return Converters.lowerCaseEnum(ChaosFormat.class, value);
        }
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
        return String.format(Locale.ROOT, "a leader with %d of %d nodes live and connected, agreed within %s ms = %s",
            promise.nodesForLeader(), nodes, TableWriter.millis(promise.boundNs()), promise.derivation());
    }

    /** @return what the run shows of the liveness promise, in words. */
    static String liveness(final Liveness liveness)
    {
        if (!liveness.promised())
        {
            return "no leader promised: " + liveness.liveNodes() + " nodes live, a leader needs " +
                liveness.promise().nodesForLeader();
        }
        final String bound = "bound " + TableWriter.millis(liveness.promise().boundNs()) + " ms";
        if (liveness.agreedAfterHealNs() < 0)
        {
            return "stuck: no leader agreed after the last heal (" + bound + ")";
        }
        return (liveness.stuck() ? "stuck: " : "") + "leader agreed " + TableWriter.millis(liveness.agreedAfterHealNs()) +
            " ms after the last heal (" + bound + ")";
    }

    private static final class Table implements Writer
    {
        @Override
        public void writeReports(final List<ChaosReport> reports, final String replayFlags, final PrintWriter out)
        {
            final ChaosReport first = reports.get(0);
            out.printf(Locale.ROOT, "chaos: n=%d schedules=%d seed=%d faults=%s delay=%s%n", first.nodes(), first.schedules(),
                first.seed(), ChaosFault.toCliList(first.kinds()), first.network());
            out.printf(Locale.ROOT, "%-10s %10s %12s %10s %13s %8s %12s %12s%n", "algorithm", "schedules", "split-brain",
                "same-term", "older-term", "stuck", "no-promise", "schedules/s");
            for (final ChaosReport report : reports)
            {
                out.printf(Locale.ROOT, "%-10s %10d %12d %10d %13d %8d %12d %12.0f%n", report.algorithm(), report.schedules(),
                    report.count(Violation.SPLIT_BRAIN), report.count(Violation.SAME_TERM_LEADER),
                    report.count(Violation.OLDER_TERM_LEADER), report.count(Violation.STUCK), report.unpromised(),
                    report.schedulesPerSecond());
            }
            out.println("liveness: stuck counts schedules that left enough nodes for the promised leader and had none agreed " +
                "within the bound after the last heal (d: the p99 one-way delay); no-promise those that left too few:");
            for (final ChaosReport report : reports)
            {
                out.printf(Locale.ROOT, "  %-10s %s; slowest %s%n", report.algorithm(), promise(report.promise(), report.nodes()),
                    report.slowestAgreementNs() < 0 ? "none agreed" :
                        TableWriter.millis(report.slowestAgreementNs()) + " ms (seed " + report.slowestSeed() + ")");
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
                    result.converged() ? "converged " + TableWriter.millis(result.convergenceNs()) + " ms after the first fault" :
                        "unconverged", result.finalLeader(), TableWriter.millis(result.endNs()), result.events());
                out.printf(Locale.ROOT, "  safety: max concurrent leaders %d, split brain %s ms, same-term leaders %d, " +
                        "older-term leader %s ms%n", result.maxConcurrentLeaders(), TableWriter.millis(result.splitBrainNs()),
                    result.sameTermLeaders(), TableWriter.millis(result.olderTermLeaderNs()));
                out.println("  liveness: " + liveness(run.liveness()) + "; promised: " +
                    promise(run.liveness().promise(), scenario.nodes()));
                final Set<Violation> violations = run.violations();
                out.println("  violations: " + (violations.isEmpty() ? "none" :
                    violations.stream().map(ChaosFormat::cliName).collect(Collectors.joining(", "))));
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

    private static final class Csv implements Writer
    {
        @Override
        public void writeReports(final List<ChaosReport> reports, final String replayFlags, final PrintWriter out)
        {
            final StringBuilder header = new StringBuilder("algorithm,nodes,seed,faults,delay,schedules");
            for (final Violation violation : Violation.values())
            {
                header.append(',').append(violation.key()).append("Schedules");
            }
            for (final Violation violation : Violation.values())
            {
                header.append(",firstSeed.").append(violation.key());
            }
            out.println(header.append(",leaderNodes,livenessBoundNs,noLeaderPromisedSchedules,slowestAgreementNs,slowestAgreementSeed" +
                ",events,wallNs"));
            for (final ChaosReport report : reports)
            {
                final StringBuilder row = new StringBuilder()
                    .append(report.algorithm()).append(',').append(report.nodes()).append(',').append(report.seed())
                    .append(",\"").append(ChaosFault.toCliList(report.kinds())).append("\",\"").append(report.network().delay())
                    .append("\",").append(report.schedules());
                for (final Violation violation : Violation.values())
                {
                    row.append(',').append(report.count(violation));
                }
                for (final Violation violation : Violation.values())
                {
                    row.append(',').append(report.found(violation) ? Long.toString(report.firstSeed(violation)) : "");
                }
                row.append(',').append(report.promise().nodesForLeader()).append(',').append(report.promise().boundNs())
                    .append(',').append(report.unpromised()).append(',')
                    .append(report.slowestAgreementNs() < 0 ? "" : Long.toString(report.slowestAgreementNs())).append(',')
                    .append(report.slowestAgreementNs() < 0 ? "" : Long.toString(report.slowestSeed()));
                out.println(row.append(',').append(report.events()).append(',').append(report.wallNs()));
            }
        }

        @Override
        public void writeReplays(final List<ChaosRun> runs, final Set<ChaosFault> kinds, final String replayFlags, final PrintWriter out)
        {
            out.println("algorithm,nodes,seed,converged,leader,convergenceNs,maxConcurrentLeaders,splitBrainNs,sameTermLeaders," +
                "olderTermLeaderNs,events,liveNodes,leaderNodes,livenessBoundNs,agreedAfterHealNs,violations,schedule");
            for (final ChaosRun run : runs)
            {
                final ElectionResult result = run.result();
                out.println(String.join(",",
                    run.scenario().algorithm().name(),
                    Integer.toString(run.scenario().nodes()),
                    Long.toString(run.scenario().seed()),
                    Boolean.toString(result.converged()),
                    Integer.toString(result.finalLeader()),
                    Long.toString(result.convergenceNs()),
                    Integer.toString(result.maxConcurrentLeaders()),
                    Long.toString(result.splitBrainNs()),
                    Long.toString(result.sameTermLeaders()),
                    Long.toString(result.olderTermLeaderNs()),
                    Long.toString(result.events()),
                    Integer.toString(run.liveness().liveNodes()),
                    Integer.toString(run.liveness().promise().nodesForLeader()),
                    Long.toString(run.liveness().promise().boundNs()),
                    Long.toString(run.liveness().agreedAfterHealNs()),
                    run.violations().stream().map(Violation::key).collect(Collectors.joining(";")),
                    "\"" + run.faults().faults().stream().map(Fault::toString).collect(Collectors.joining("; ")) + "\""));
            }
        }
    }
}
