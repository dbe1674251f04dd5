package org.electbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;

/**
 * One header line and one data line; columns as the JSON fields, nested names joined with dots.
 */
final class CsvWriter implements OutputFormat.ReportWriter
{
    @Override
    public void write(final Report report, final PrintWriter out)
    {
        final List<String> names = new ArrayList<>();
        final List<String> values = new ArrayList<>();
        final Scenario scenario = report.scenario();
        final Summary summary = report.summary();
        add(names, values, "algorithm", scenario.algorithm().name());
        add(names, values, "transport", report.transport());
        add(names, values, "nodes", scenario.nodes());
        add(names, values, "scenario", scenario.kind().cliName());
        add(names, values, "detect", scenario.detect().cliName());
        add(names, values, "delay", scenario.network().delay().toString());
        add(names, values, "loss", scenario.network().lossProbability());
        add(names, values, "runs", summary.runs());
        add(names, values, "seed", scenario.seed());
        distribution(names, values, "convergenceNs", summary.convergence());
        distribution(names, values, "detectionNs", summary.detection());
        if (!Runner.SIM.equals(report.transport()))
        {
            distribution(names, values, "oneWayLatencyNs", summary.oneWayLatency());
            distribution(names, values, "floorNs", summary.floor());
            distribution(names, values, "overheadNs", summary.overhead());
            distribution(names, values, "timerLatenessNs", summary.timerLateness());
        }
        add(names, values, "messages.mean", summary.messagesMean());
        add(names, values, "messages.min", summary.messagesMin());
        add(names, values, "messages.max", summary.messagesMax());
        for (int type = 0; type < summary.typeNames().size(); type++)
        {
            if (type != summary.heartbeatType())
            {
                add(names, values, "messages.byType." + summary.typeNames().get(type), summary.messagesMean(type));
            }
        }
        add(names, values, "bytes.mean", summary.bytesMean());
        add(names, values, "heartbeats.mean", summary.heartbeatsMean());
        add(names, values, "leader", summary.runs() == 1 ? String.valueOf(summary.lastLeader()) : "");
        add(names, values, "wrongLeaderRuns", summary.wrongLeaderRuns());
        add(names, values, "unconvergedRuns", summary.unconvergedRuns());
        add(names, values, "maxConcurrentLeaders", summary.maxConcurrentLeaders());
        add(names, values, "splitBrainRuns", summary.splitBrainRuns());
        add(names, values, "sameTermLeaderRuns", summary.sameTermLeaderRuns());
        add(names, values, "staleLeaderRuns", summary.staleLeaderRuns());
        add(names, values, "events", summary.events());
        add(names, values, "wallNs", report.wallNs());
        out.println(String.join(",", names));
        out.println(String.join(",", values));
    }

    private static void distribution(final List<String> names, final List<String> values, final String prefix,
        final Summary.Distribution distribution)
    {
        final boolean empty = distribution.isEmpty();
        add(names, values, prefix + ".mean", empty ? "" : format(distribution.mean()));
        add(names, values, prefix + ".p50", empty ? "" : String.valueOf(distribution.percentile(50)));
        add(names, values, prefix + ".p99", empty ? "" : String.valueOf(distribution.percentile(99)));
        add(names, values, prefix + ".max", empty ? "" : String.valueOf(distribution.max()));
    }

    private static void add(final List<String> names, final List<String> values, final String name, final Object value)
    {
        names.add(name);
        values.add(value instanceof Double ? format((Double)value) : String.valueOf(value));
    }

    private static String format(final double value)
    {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
