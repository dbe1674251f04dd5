package org.electbench.tune;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import org.electbench.transport.Durations;

/**
 * The tuning report as text: the model, the recommendation per algorithm with the
 * {@code simulate} command that reproduces it, the frontier, why the others lost, lints and presets.
 */
public final class TuneFormat
{
    private TuneFormat()
    {
    }

    /** @return a rate or count in at most three significant digits, no exponent for everyday sizes. */
    public static String number(final double value)
    {
        if (0 == value)
        {
            return "0";
        }
        if (value >= 1000 || value < 0.001)
        {
            return String.format(Locale.ROOT, "%.2g", value);
        }
        final String text = String.format(Locale.ROOT, "%.3g", value);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    /** @return a duration rounded to three significant digits, in the unit that suits it. */
    public static String duration(final long ns)
    {
        if (ns >= 1_000_000_000L)
        {
            return number(ns / 1e9) + "s";
        }
        if (ns >= 1_000_000L)
        {
            return number(ns / 1e6) + "ms";
        }
        if (ns >= 1_000L)
        {
            return number(ns / 1e3) + "us";
        }
        return ns + "ns";
    }

    /** @return "estimate (<= upper)" for a false-election rate. */
    public static String rate(final Evaluation.FalseElections rate)
    {
        return number(rate.estimatePerDay()) + " (<=" + number(rate.upperPerDay()) + ")";
    }

    /** @return the {@code simulate} command line that reproduces an evaluation's failover figures. */
    public static String reproduce(final TuneReport report, final Evaluation evaluation)
    {
        final TuneRequest request = report.request();
        return "./electbench simulate --algorithm " + evaluation.algorithm() + " --nodes " + request.nodes() +
            " --delay " + request.network().delaySpec() + " --loss " + number(request.network().loss()) +
            " --scenario leader-crash --runs " + request.failoverRuns() + " --seed " + request.seed() + " " +
            String.join(" ", evaluation.setting().flags());
    }

    public static void write(final TuneReport report, final PrintWriter out)
    {
        final TuneRequest request = report.request();
        final NetworkFit network = request.network();
        out.printf(Locale.ROOT, "tune: %d nodes, target %s false elections/day%n", request.nodes(), number(request.targetPerDay()));
        out.printf(Locale.ROOT, "  network   one-way %s (from %s: RTT p50 %s, p99 %s%s; lognormal through both, one-way = half the RTT), loss %s%n",
            network.delaySpec(), network.source(), Durations.format(network.rttP50Ns()), Durations.format(network.rttP99Ns()),
            network.rttMaxNs() > 0 ? ", max " + Durations.format(network.rttMaxNs()) + " over " + network.samples() + " round trips" : "",
            number(network.loss()));
        out.printf(Locale.ROOT, "  pauses    %s%n", request.pauses());
        out.printf(Locale.ROOT, "  measured  failover over %d leader crashes per setting at random phases (seed %d); false elections " +
            "per day from network-only steady state plus pause episodes, 95%% upper bounds in (<=)%n", request.failoverRuns(), request.seed());
        out.println();
        out.println("Recommended (fastest failover p99 with false elections under the target)");
        final String header = String.format(Locale.ROOT, "  %-10s %-9s %-10s %-8s %-8s %9s %9s %9s  %-20s %s",
            "algorithm", "heartbeat", "detection", "T_elec", "T_coord", "fail p50", "fail p99", "fail max", "false/day", "simulated");
        out.println(header);
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final Evaluation best = result.recommended();
            if (null == best)
            {
                out.printf(Locale.ROOT, "  %-10s none of %d settings kept false elections under %s/day%n", result.algorithm(),
                    result.evaluations().size(), number(request.targetPerDay()));
                continue;
            }
            out.println(row(result.algorithm(), best, result.knobs()) + "  " + simulated(best.falseElections()));
        }
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            if (null != result.recommended())
            {
                out.println("  reproduce: " + reproduce(report, result.recommended()));
            }
        }
        out.println();
        out.println("Frontier (failover p99 against false elections/day: settings no other beats on both)");
        out.println(String.format(Locale.ROOT, "  %-10s %-9s %-10s %-8s %-8s %9s %9s %9s  %-20s %s",
            "algorithm", "heartbeat", "detection", "T_elec", "T_coord", "fail p50", "fail p99", "fail max", "false/day", "verdict"));
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final List<Evaluation> evaluations = result.evaluations();
            for (int index = 0; index < evaluations.size(); index++)
            {
                final Evaluation evaluation = evaluations.get(index);
                if (TuneReport.onFrontier(evaluation, evaluations))
                {
                    out.println(row(result.algorithm(), evaluation, result.knobs()) + "  " + result.verdicts().get(index));
                }
            }
        }
        out.println();
        out.println("Why the others lost");
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            out.printf(Locale.ROOT, "  %-10s %s%n", result.algorithm(), lossSummary(result));
        }
        writeLints(report, out);
        if (!report.presets().isEmpty())
        {
            out.println();
            out.println("Presets (a real system's default knobs as a failure detector on this network)");
            for (final TuneReport.PresetResult preset : report.presets())
            {
                final Evaluation evaluation = preset.evaluation();
                final Knobs knobs = Knobs.of(evaluation.algorithm());
                out.printf(Locale.ROOT, "  with %s's defaults (%s) on %s: failover p99 %s, false elections per day %s%s%n",
                    preset.preset().cliName(), knobs.detection() ? evaluation.setting().toString() :
                        evaluation.setting() + "; detection fixed at " + Durations.format(knobs.effectiveDetectionNs(evaluation.setting())),
                    evaluation.algorithm(), duration(evaluation.failover().p99Ns()),
                    rate(evaluation.falseElections()),
                    evaluation.lints().isEmpty() ? "" : "; lint: " + String.join("; ", evaluation.lints()));
            }
        }
        out.println();
        out.printf(Locale.ROOT, "wall time %.1f s, %d settings, %d threads%n", report.wallNs() / 1e9, settings(report), request.threads());
        out.flush();
    }

    private static void writeLints(final TuneReport report, final PrintWriter out)
    {
        boolean any = false;
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            if (null != result.recommended() && !result.recommended().lints().isEmpty())
            {
                if (!any)
                {
                    out.println();
                    out.println("Lints");
                    any = true;
                }
                out.printf(Locale.ROOT, "  %-10s %s%n", result.algorithm(), String.join("; ", result.recommended().lints()));
            }
        }
    }

    private static int settings(final TuneReport report)
    {
        int count = report.presets().size();
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            count += result.evaluations().size();
        }
        return count;
    }

    /** @return how many settings lost for each reason, reasons named by their first word. */
    static String lossSummary(final TuneReport.AlgorithmResult result)
    {
        int lint = 0;
        int unsettled = 0;
        int falseElections = 0;
        int slower = 0;
        String firstLint = "";
        for (final String verdict : result.verdicts())
        {
            if (verdict.startsWith("lint"))
            {
                if (0 == lint++)
                {
                    firstLint = verdict.substring("lint: ".length());
                }
            }
            else if (verdict.startsWith("unsettled"))
            {
                unsettled++;
            }
            else if (verdict.startsWith("too many"))
            {
                falseElections++;
            }
            else if (verdict.startsWith("slower"))
            {
                slower++;
            }
        }
        final StringBuilder text = new StringBuilder();
        text.append(falseElections).append(" too many false elections, ").append(slower).append(" slower failover");
        if (unsettled > 0)
        {
            text.append(", ").append(unsettled).append(" never settled after some crash");
        }
        if (lint > 0)
        {
            text.append(", ").append(lint).append(" broke a lint (such as: ").append(firstLint).append(')');
        }
        if (!result.knobs().detection())
        {
            text.append("; detection fixed by the algorithm at ").append(result.knobs().detectionHeartbeats()).append(" heartbeats");
        }
        return text.toString();
    }

    private static String simulated(final Evaluation.FalseElections rate)
    {
        return String.format(Locale.ROOT, "%s days network-only, %d pause episodes (%s pauses/day long enough to matter)",
            number(rate.networkDays()), rate.pauseEpisodes(), number(rate.pausesPerDay()));
    }

    private static String row(final String algorithm, final Evaluation evaluation, final Knobs knobs)
    {
        final Setting setting = evaluation.setting();
        return String.format(Locale.ROOT, "  %-10s %-9s %-10s %-8s %-8s %9s %9s %9s  %-20s",
            algorithm, Durations.format(setting.heartbeatNs()),
            knobs.detection() ? Durations.format(setting.detectionNs()) : "(" + Durations.format(knobs.effectiveDetectionNs(setting)) + ")",
            Durations.format(setting.electionNs()),
            knobs.coordinator() ? duration(setting.coordinatorNs()) : "-",
            duration(evaluation.failover().p50Ns()), duration(evaluation.failover().p99Ns()), duration(evaluation.failover().maxNs()),
            rate(evaluation.falseElections()));
    }
}
