package org.electbench.cli;

import java.io.PrintWriter;
import java.util.Locale;

import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;

/**
 * A short human-readable report; times in milliseconds.
 */
final class TableWriter implements OutputFormat.ReportWriter
{
    @Override
    public void write(final Report report, final PrintWriter out)
    {
        final Scenario scenario = report.scenario();
        final Summary summary = report.summary();
        out.printf(Locale.ROOT, "%s on %s: n=%d scenario=%s detect=%s delay=%s loss=%s runs=%d seed=%d%n",
            scenario.algorithm().name(), report.transport(), scenario.nodes(), scenario.kind().cliName(),
            scenario.detect().cliName(), scenario.network().delay(), scenario.network().lossProbability(),
            summary.runs(), scenario.seed());
        distribution(out, "convergence", summary.convergence());
        distribution(out, "detection", summary.detection());
        if (!Runner.SIM.equals(report.transport()))
        {
            distribution(out, "latency", summary.oneWayLatency());
            distribution(out, "floor", summary.floor());
            distribution(out, "overhead", summary.overhead());
            distribution(out, "timer late", summary.timerLateness());
        }
        final StringBuilder byType = new StringBuilder();
        for (int type = 0; type < summary.typeNames().size(); type++)
        {
            if (type != summary.heartbeatType())
            {
                byType.append(String.format(Locale.ROOT, "  %s %s", summary.typeNames().get(type), number(summary.messagesMean(type))));
            }
        }
        out.printf(Locale.ROOT, "  %-13s mean %s  min %d  max %d |%s%n", "messages", number(summary.messagesMean()),
            summary.messagesMin(), summary.messagesMax(), byType);
        out.printf(Locale.ROOT, "  %-13s mean %s%n", "bytes", number(summary.bytesMean()));
        out.printf(Locale.ROOT, "  %-13s mean %s%n", "heartbeats", number(summary.heartbeatsMean()));
        out.printf(Locale.ROOT, "  %-13s %s%n", "leader", summary.runs() == 1 ? String.valueOf(summary.lastLeader()) : "(many runs)");
        out.printf(Locale.ROOT, "  %-13s wrong-leader runs %d, unconverged runs %d, max concurrent leaders %d, " +
                "split-brain runs %d, same-term-leader runs %d, stale-leader runs %d%n",
            "safety", summary.wrongLeaderRuns(), summary.unconvergedRuns(), summary.maxConcurrentLeaders(),
            summary.splitBrainRuns(), summary.sameTermLeaderRuns(), summary.staleLeaderRuns());
        out.printf(Locale.ROOT, "  %-13s %d events in %.1f ms wall%n", "cost", summary.events(), report.wallNs() / 1e6);
    }

    private static void distribution(final PrintWriter out, final String name, final Summary.Distribution distribution)
    {
        if (distribution.isEmpty())
        {
            out.printf(Locale.ROOT, "  %-13s (none)%n", name);
            return;
        }
        out.printf(Locale.ROOT, "  %-13s mean %s ms  p50 %s ms  p99 %s ms  max %s ms%n", name,
            millis(distribution.mean()), millis(distribution.percentile(50)), millis(distribution.percentile(99)),
            millis(distribution.max()));
    }

    static String millis(final double ns)
    {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? String.valueOf((long)value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
