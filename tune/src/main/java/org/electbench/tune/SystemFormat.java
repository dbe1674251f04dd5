package org.electbench.tune;

import java.io.PrintWriter;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code tune --system}'s answer as text and as JSON. The JSON's fields are a contract (see the
 * README): {@code system}, {@code recommendation} ({@code config} in the system's own keys and
 * units, {@code settings} as one would paste them, {@code failoverNs {p50,p99,max}},
 * {@code falseElectionsPerDay {estimate,upper,…,bound}}, {@code detector} (Chen, Toueg and
 * Aguilera's measures), {@code why}), {@code current} and {@code change} when {@code --current}
 * was given, {@code modelled}, {@code candidates} and {@code wallNs}.
 */
public final class SystemFormat
{
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SystemFormat()
    {
    }

    public static void write(final SystemAdvisor.Report report, final PrintWriter out)
    {
        final SystemProfile system = report.system();
        final TuneRequest request = report.request();
        out.printf(Locale.ROOT, "tune --system %s: %d nodes, target %s false elections/day (recommended only when the 95%% bound meets it)%n",
            system.cliName(), request.nodes(), TuneFormat.number(request.targetPerDay()));
        out.printf(Locale.ROOT, "  network   one-way %s (from %s: RTT p50 %s, p99 %s), loss %s%n", request.network().delaySpec(),
            request.network().source(), TuneFormat.duration(request.network().rttP50Ns()), TuneFormat.duration(request.network().rttP99Ns()),
            TuneFormat.number(request.network().loss()));
        out.printf(Locale.ROOT, "  pauses    %s%n", request.pauses());
        for (final String note : system.modelled())
        {
            out.println("  modelled  " + note);
        }
        out.println();
        final SystemAdvisor.Entry best = report.recommended();
        if (null == best)
        {
            out.println("No recommendation: " + report.why());
        }
        else
        {
            out.println("Recommended: " + system.format(best.config()));
            entry(out, best);
            out.println("  why: " + report.why());
        }
        if (null != report.current())
        {
            out.println();
            out.println("Current: " + system.format(report.current().config()));
            entry(out, report.current());
            if (null != best)
            {
                out.println(report.changes().isEmpty() ? "  change: nothing; the current config is the recommendation" :
                    "  change: " + String.join("; ", report.changes()));
            }
        }
        out.println();
        out.printf(Locale.ROOT, "%d configurations tried, wall time %s%n", report.entries().size(), TuneFormat.duration(report.wallNs()));
        out.flush();
    }

    private static void entry(final PrintWriter out, final SystemAdvisor.Entry entry)
    {
        out.printf(Locale.ROOT, "  failover p50 %s, p99 %s, max %s; false elections %s/day (95%% bound %s)%n",
            TuneFormat.duration(entry.failover().p50Ns()), TuneFormat.duration(entry.failover().p99Ns()),
            TuneFormat.duration(entry.failover().maxNs()), TuneFormat.number(entry.falseElections().estimatePerDay()),
            TuneFormat.number(entry.falseElections().upperPerDay()));
        out.println("  detector: " + TuneFormat.quality(entry.falseElections().quality()));
        out.println("  bound: " + entry.falseElections().bound());
    }

    public static String json(final SystemAdvisor.Report report)
    {
        final ObjectNode root = MAPPER.createObjectNode();
        final TuneRequest request = report.request();
        root.put("system", report.system().cliName());
        root.put("nodes", request.nodes());
        root.put("falseElectionsPerDayTarget", request.targetPerDay());
        final ObjectNode network = root.putObject("network");
        network.put("delay", request.network().delaySpec());
        network.put("rttP50Ns", request.network().rttP50Ns());
        network.put("rttP99Ns", request.network().rttP99Ns());
        network.put("loss", request.network().loss());
        final ObjectNode pauses = root.putObject("pauses");
        pauses.put("distribution", request.pauses().law());
        pauses.put("ratePerHour", request.pauses().ratePerHour());
        pauses.put("p50Ns", request.pauses().p50Ns());
        pauses.put("p99Ns", request.pauses().p99Ns());
        pauses.put("tailSource", request.pauses().tailSource());
        if (null == report.recommended())
        {
            root.putNull("recommendation");
        }
        else
        {
            entry(root.putObject("recommendation"), report.system(), report.recommended()).put("why", report.why());
        }
        if (null != report.current())
        {
            entry(root.putObject("current"), report.system(), report.current());
            final ArrayNode change = root.putArray("change");
            report.changes().forEach(change::add);
        }
        final ArrayNode modelled = root.putArray("modelled");
        report.system().modelled().forEach(modelled::add);
        final ArrayNode candidates = root.putArray("candidates");
        for (final SystemAdvisor.Entry entry : report.entries())
        {
            entry(candidates.addObject(), report.system(), entry).put("verdict", entry.verdict());
        }
        root.put("wallNs", report.wallNs());
        try
        {
            return MAPPER.writeValueAsString(root);
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static ObjectNode entry(final ObjectNode node, final SystemProfile system, final SystemAdvisor.Entry entry)
    {
        final ObjectNode config = node.putObject("config");
        for (final SystemProfile.Key key : system.keys())
        {
            final long value = entry.config().get(key.name());
            if (SystemProfile.Unit.DURATION == key.unit())
            {
                config.put(key.name(), key.format(value));
            }
            else
            {
                config.put(key.name(), Long.parseLong(key.format(value)));
            }
        }
        node.put("settings", system.format(entry.config()));
        final ObjectNode failover = node.putObject("failoverNs");
        failover.put("p50", entry.failover().p50Ns());
        failover.put("p99", entry.failover().p99Ns());
        failover.put("max", entry.failover().maxNs());
        final ObjectNode rate = node.putObject("falseElectionsPerDay");
        final Evaluation.FalseElections falseElections = entry.falseElections();
        rate.put("estimate", falseElections.estimatePerDay());
        rate.put("upper", falseElections.upperPerDay());
        rate.put("network", falseElections.networkPerDay());
        rate.put("pauses", falseElections.pausePerDay());
        rate.put("bound", falseElections.bound());
        TuneJson.quality(node.putObject("detector"), falseElections.quality());
        return node;
    }
}
