package org.electbench.tune;

import java.io.PrintWriter;
import java.util.Locale;

import org.electbench.reporting.Numbers;
import org.electbench.reporting.TableFormat;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Durations;

/**
 * The tuning report as text: the model, the recommendation per algorithm with the
 * {@code simulate} command that reproduces it, the frontier, why the others lost, lints and
 * presets; the tables are {@link TuneTables}' models in markdown. Also how a figure is written
 * for a reader (durations, rates, spans), for every tune output.
 */
public final class TuneFormat
{
    private static final double YEAR_NS = 365 * 86_400e9;

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
        if (text.indexOf('.') < 0)
        {
            return text;
        }
        // The trailing zeros, then a trailing point: what two regular expressions did, without compiling them each call.
        int end = text.length();
        while ('0' == text.charAt(end - 1))
        {
            end--;
        }
        if ('.' == text.charAt(end - 1))
        {
            end--;
        }
        return text.substring(0, end);
    }

    /** @return false elections per day as a person reads them: below one in a billion days only that. */
    public static String rate(final double perDay)
    {
        return perDay > 0 && perDay < 1e-9 ? "< 1e-9" : number(perDay);
    }

    /** @return the {@code tune --system} line that evaluates {@code config} as {@code --current} and so reproduces its row. */
    static String reproduceSystem(final SystemAdvisor.Report report, final java.util.Map<String, Long> config)
    {
        final TuneRequest request = report.request();
        final StringBuilder line = new StringBuilder("./electbench tune --system ").append(report.system().cliName())
            .append(" --version ").append(report.context().version()).append(" --nodes ").append(request.nodes());
        line.append(" --rtt-p50 ").append(flagDuration(request.network().rttP50Ns())).append(" --rtt-p99 ")
            .append(flagDuration(request.network().rttP99Ns()));
        if (request.network().loss() > 0)
        {
            line.append(" --loss ").append(number(request.network().loss()));
        }
        final PauseModel pauses = request.pauses();
        if (!pauses.isStated() || pauses.isNone())
        {
            line.append(pauses.isStated() ? " --no-pauses" : "");
        }
        else if (pauses.samples() > 0)
        {
            line.append(" --pause-rate ").append(number(pauses.ratePerHour())).append("/h <the same pause file>");
        }
        else
        {
            line.append(" --pause-law ").append(pauses.law()).append("exponential".equals(pauses.law()) ? "" :
                " --pause-p50 " + flagDuration(pauses.p50Ns())).append(" --pause-p99 ").append(flagDuration(pauses.p99Ns()))
                .append(" --pause-rate ").append(number(pauses.ratePerHour())).append("/h");
        }
        if (SystemProfile.KUBERNETES == report.system())
        {
            final ApiServerLaw api = report.context().api();
            line.append(" --api-p50 ").append(flagDuration(api.p50Ns())).append(" --api-p99 ").append(flagDuration(api.p99Ns()));
            if (api.outagesPerDay() > 0)
            {
                line.append(" --api-outage-rate ").append(number(api.outagesPerDay())).append("/day --api-outage-p99 ")
                    .append(flagDuration(api.outageP99Ns()));
            }
        }
        line.append(" --false-elections-per-day ").append(number(request.targetPerDay())).append(" --seed ").append(request.seed())
            .append(" --current ").append(report.system().keys().stream().map(key -> key.name() + "=" + key.format(config.get(key.name())))
                .collect(java.util.stream.Collectors.joining(",")));
        return line.toString();
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

    /** @return a duration as a flag takes it: readable when that is exact, else in nanoseconds. */
    public static String flagDuration(final long ns)
    {
        final String readable = duration(ns);
        try
        {
            if (org.electbench.spi.Durations.parseNs(readable) == ns)
            {
                return readable;
            }
        }
        catch (final IllegalArgumentException ex)
        {
            // Not a form the parser takes back exactly: the exact form below.
        }
        return Durations.format(ns);
    }

    /** @return a span that may be days or years, as a person reads it; "never" when infinite. */
    public static String span(final double ns)
    {
        if (Double.isInfinite(ns))
        {
            return "never";
        }
        final double years = ns / YEAR_NS;
        if (years >= 1e6)
        {
            // Past a million years the figure says only that the network alone never does it.
            return "over a million years";
        }
        return years >= 1000 ? String.format(Locale.ROOT, "%.0f years", years) : Numbers.span(ns);
    }

    /** @return the {@code simulate} command line that reproduces an evaluation's failover figures. */
    public static String reproduce(final TuneReport report, final Evaluation evaluation)
    {
        return reproduce(report.request(), evaluation.algorithm(), evaluation.setting());
    }

    /** @return the {@code simulate} command line that reproduces a setting's failover figures under a request. */
    static String reproduce(final TuneRequest request, final String algorithm, final Setting setting)
    {
        return "./electbench simulate --algorithm " + algorithm + " --nodes " + request.nodes() +
            " --delay " + request.network().delaySpec() + " --loss " + number(request.network().loss()) +
            " --scenario leader-crash --runs " + request.failoverRuns() + " --seed " + request.seed() + " " +
            String.join(" ", setting.flags(AlgorithmRegistry.instance().get(algorithm)));
    }

    /** @return the detector's quality in Chen, Toueg and Aguilera's terms, one line. */
    public static String quality(final Evaluation.Quality quality)
    {
        return "detection T_D " + duration(quality.detectionNs()) + " (at most " + duration(quality.worstDetectionNs()) +
            "), mistake recurrence T_MR " + span(quality.mistakeRecurrenceNs()) + ", mistake duration T_M " +
            duration(quality.mistakeDurationNs()) + ", query accuracy P_A " + accuracy(quality.queryAccuracy());
    }

    /** @return a probability close to 1 as "1 - x" when the x is what matters. */
    static String accuracy(final double value)
    {
        return value >= 1 ? "1" : value > 0.999 ? "1 - " + number(1 - value) : number(value);
    }

    public static void write(final TuneReport report, final PrintWriter out)
    {
        final TuneRequest request = report.request();
        final NetworkFit network = request.network();
        out.printf(Locale.ROOT, "tune: %d nodes, target %s false elections/day (a setting is recommended only when its 95%% upper bound " +
            "meets it)%n", request.nodes(), number(request.targetPerDay()));
        out.printf(Locale.ROOT, "  network   one-way %s (from %s: RTT p50 %s, p99 %s%s; a round trip is two one-way draws, fitted so it " +
            "has both percentiles), loss %s%n",
            network.delaySpec(), network.source(), duration(network.rttP50Ns()), duration(network.rttP99Ns()),
            network.rttMaxNs() > 0 ? ", max " + duration(network.rttMaxNs()) + " over " + network.samples() + " round trips" : "",
            number(network.loss()));
        out.printf(Locale.ROOT, "  pauses    %s%n", request.pauses());
        out.printf(Locale.ROOT, "  measured  failover over %d leader crashes per lint-clean setting at random phases (seed %d); false " +
            "elections per day computed: the probability a live leader's silence outlasts a follower's timeout%n",
            request.failoverRuns(), request.seed());
        out.println();
        out.print(TableFormat.MARKDOWN.render(TuneTables.recommended(report)));
        out.println();
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final Evaluation best = result.recommended();
            if (null == best)
            {
                out.printf(Locale.ROOT, "%s: none of %d settings has a bound under %s/day%n", result.algorithm(),
                    result.evaluations().size(), number(request.targetPerDay()));
                continue;
            }
            out.println(result.algorithm() + " detector: " + quality(best.falseElections().quality()));
            out.println(result.algorithm() + " reproduce: " + reproduce(report, best));
        }
        if (!report.algorithms().isEmpty() && !report.algorithms().get(0).evaluations().isEmpty())
        {
            out.println("bound: " + report.algorithms().get(0).evaluations().get(0).falseElections().bound());
        }
        out.println();
        out.print(TableFormat.MARKDOWN.render(TuneTables.settings(report, true)));
        out.println();
        out.println("Why the others lost");
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            out.printf(Locale.ROOT, "  %-10s %s%n", result.algorithm(), lossSummary(result));
        }
        if (!report.presets().isEmpty())
        {
            out.println();
            out.print(TableFormat.MARKDOWN.render(TuneTables.presets(report)));
        }
        out.println();
        out.printf(Locale.ROOT, "wall time %s, %d settings, %d threads%n", duration(report.wallNs()), settings(report), request.threads());
        out.flush();
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
        return text.toString();
    }
}
