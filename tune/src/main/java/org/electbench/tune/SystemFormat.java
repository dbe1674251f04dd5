package org.electbench.tune;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;

/**
 * {@code tune --system}'s answer as text and as JSON, each configuration a row of analysis' one
 * table model with {@link TuneTables}' outcome columns. The JSON is one schema for every system:
 * {@code system}, {@code version}, {@code recommendation} and {@code current} ({@code config} flat
 * in the system's own keys, {@code settings}, {@code failoverNs}, {@code failoverIntervalNs},
 * {@code alternative}, {@code falseElectionsPerDay}, {@code guidance}, {@code rounding},
 * {@code cost}, {@code verdict}; the recommendation's {@code why} and {@code reproduce}),
 * {@code keepCurrent} and {@code change}, {@code modelled}, {@code candidates} and {@code wallNs}.
 */
public final class SystemFormat
{
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SystemFormat()
    {
    }

    /**
     * @param system the system, whose keys are columns of their own.
     * @return the columns of one configuration: its keys, as one pastes it, its outcome and verdict.
     */
    static List<TuneTables.Col<SystemAdvisor.Entry>> columns(final SystemProfile system, final SystemModel.Context context)
    {
        final List<TuneTables.Col<SystemAdvisor.Entry>> columns = new ArrayList<>();
        for (final SystemProfile.Key key : system.keys())
        {
            columns.add(TuneTables.Col.of("config." + key.name(), key.name(), false, true, SystemProfile.Unit.DURATION != key.unit(),
                entry ->
                {
                    final String text = key.format(entry.config().get(key.name()));
                    return new Table.Value(text, SystemProfile.Unit.DURATION == key.unit() ? text : (Object)Long.parseLong(text));
                }));
        }
        columns.add(TuneTables.Col.of("settings", "settings", true, true, false, entry -> Table.Value.text(system.format(entry.config()))));
        columns.addAll(TuneTables.outcome(SystemAdvisor.Entry::failover, SystemAdvisor.Entry::falseElections));
        columns.add(TuneTables.Col.of("failoverIntervalNs.p50Low", "p50 95% from", false, true, true,
            entry -> ns(entry.intervals().p50LowNs())));
        columns.add(TuneTables.Col.of("failoverIntervalNs.p50High", "p50 95% to", false, true, true,
            entry -> ns(entry.intervals().p50HighNs())));
        columns.add(TuneTables.Col.of("failoverIntervalNs.p99Low", "p99 95% from", false, true, true,
            entry -> ns(entry.intervals().p99LowNs())));
        columns.add(TuneTables.Col.of("failoverIntervalNs.p99High", "p99 95% to", false, true, true,
            entry -> ns(entry.intervals().p99HighNs())));
        columns.add(TuneTables.Col.of("heartbeatsPerSecond", "heartbeats/s", false, true, true,
            entry -> new Table.Value(TuneFormat.number(system.model().heartbeatsPerSecond(entry.config(), context)),
                system.model().heartbeatsPerSecond(entry.config(), context))));
        columns.add(TuneTables.Col.of("cost", "cost", true, true, false, entry -> Table.Value.text(entry.cost())));
        columns.add(TuneTables.Col.of("verdict", "verdict", true, true, false, entry -> Table.Value.text(entry.verdict())));
        return columns;
    }

    private static Table.Value ns(final long valueNs)
    {
        return new Table.Value(TuneFormat.duration(valueNs), valueNs);
    }

    /** @return the recommendation, the nearest faster configuration it beat, and the current config, as one table. */
    static Table answer(final SystemAdvisor.Report report)
    {
        final List<Labelled> rows = new ArrayList<>();
        if (null != report.recommended())
        {
            rows.add(new Labelled("recommended", report.recommended()));
        }
        if (null != report.nearestFaster())
        {
            rows.add(new Labelled("next faster", report.nearestFaster()));
        }
        if (null != report.current())
        {
            rows.add(new Labelled("current", report.current()));
        }
        final List<TuneTables.Col<Labelled>> columns = new ArrayList<>();
        columns.add(TuneTables.Col.of("which", "", true, false, false, row -> Table.Value.text(row.label())));
        for (final TuneTables.Col<SystemAdvisor.Entry> column : columns(report.system(), report.context()))
        {
            columns.add(new TuneTables.Col<>(column.column(), row -> column.value().apply(row.entry())));
        }
        return TuneTables.table(report.system().cliName(), report.system().cliName() + ": the answer in its own keys", List.of(), columns,
            rows);
    }

    /** A configuration and what it is to the reader. */
    private record Labelled(String label, SystemAdvisor.Entry entry)
    {
    }

    public static void write(final SystemAdvisor.Report report, final PrintWriter out)
    {
        final SystemProfile system = report.system();
        final TuneRequest request = report.request();
        out.printf(Locale.ROOT, "tune --system %s %s: %d nodes, target %s false elections/day (recommended only when the 95%% bound meets it)%n",
            system.cliName(), report.context().version(), request.nodes(), TuneFormat.number(request.targetPerDay()));
        out.printf(Locale.ROOT, "  network   one-way %s (from %s: RTT p50 %s, p99 %s), loss %s%n", request.network().delaySpec(),
            request.network().source(), TuneFormat.duration(request.network().rttP50Ns()), TuneFormat.duration(request.network().rttP99Ns()),
            TuneFormat.number(request.network().loss()));
        out.printf(Locale.ROOT, "  pauses    %s%n", request.pauses().isStated() ? request.pauses() : "NOT GIVEN: nothing is certified");
        for (final String note : system.model().modelled(report.context()))
        {
            out.println("  modelled  " + note);
        }
        out.println();
        final SystemAdvisor.Entry best = report.recommended();
        out.println(null == best ? "No recommendation: " + report.why() : "Recommended: " + system.format(best.config()));
        out.println();
        out.print(TableFormat.MARKDOWN.render(answer(report)));
        out.println();
        for (final SystemAdvisor.Entry entry : new SystemAdvisor.Entry[] {best, report.current()})
        {
            if (null == entry)
            {
                continue;
            }
            final String which = entry == best ? "recommended" : "current";
            out.printf(Locale.ROOT, "%s: failover p50 %s (95%% %s-%s), p99 %s (95%% %s-%s); %s%n", which,
                TuneFormat.duration(entry.failover().p50Ns()), TuneFormat.duration(entry.intervals().p50LowNs()),
                TuneFormat.duration(entry.intervals().p50HighNs()), TuneFormat.duration(entry.failover().p99Ns()),
                TuneFormat.duration(entry.intervals().p99LowNs()), TuneFormat.duration(entry.intervals().p99HighNs()), entry.cost());
            if (null != entry.alternative())
            {
                out.printf(Locale.ROOT, "%s, %s: failover p50 %s, p99 %s%n", which, system.model().alternative().name(),
                    TuneFormat.duration(entry.alternative().p50Ns()), TuneFormat.duration(entry.alternative().p99Ns()));
            }
            entry.rounding().forEach(note -> out.println(which + " rounded: " + note));
            entry.guidance().forEach(rule -> out.println(which + " breaks guidance: " + rule));
        }
        if (null != best)
        {
            out.println("why: " + report.why());
            out.println("detector: " + TuneFormat.quality(best.falseElections().quality()));
            out.println("bound: " + best.falseElections().bound());
            out.println("reproduce: " + report.reproduce());
        }
        if (null != report.current() && null != best)
        {
            out.println(report.keepCurrent() ? "change: keep your setting; the recommendation's failover p99 is within the noise of yours " +
                "or slower" : report.changes().isEmpty() ? "change: nothing; the current config is the recommendation" :
                "change: " + String.join("; ", report.changes()));
        }
        out.println();
        out.printf(Locale.ROOT, "%d configurations tried, %d crashes each, wall time %s%n", report.entries().size(), SystemAdvisor.SAMPLES,
            TuneFormat.duration(report.wallNs()));
        out.flush();
    }

    public static String json(final SystemAdvisor.Report report)
    {
        final ObjectNode root = MAPPER.createObjectNode();
        final TuneRequest request = report.request();
        root.put("system", report.system().cliName());
        root.put("version", report.context().version());
        root.put("nodes", request.nodes());
        root.put("falseElectionsPerDayTarget", request.targetPerDay());
        final ObjectNode network = root.putObject("network");
        network.put("delay", request.network().delaySpec());
        network.put("rttP50Ns", request.network().rttP50Ns());
        network.put("rttP99Ns", request.network().rttP99Ns());
        network.put("loss", request.network().loss());
        TuneJson.pauses(root.putObject("pauses"), request.pauses());
        root.put("pausesStated", request.pauses().isStated());
        final List<TuneTables.Col<SystemAdvisor.Entry>> columns = columns(report.system(), report.context());
        if (null == report.recommended())
        {
            root.putNull("recommendation");
            root.put("why", report.why());
        }
        else
        {
            entry(root, "recommendation", columns, report.recommended(), report).put("why", report.why())
                .put("reproduce", report.reproduce());
        }
        if (null != report.current())
        {
            entry(root, "current", columns, report.current(), report);
            root.put("keepCurrent", report.keepCurrent());
            final ArrayNode change = root.putArray("change");
            report.changes().forEach(change::add);
        }
        final ArrayNode modelled = root.putArray("modelled");
        report.system().model().modelled(report.context()).forEach(modelled::add);
        final ArrayNode candidates = root.putArray("candidates");
        final Table table = TuneTables.table("candidates", "candidates", List.of(), columns, report.entries());
        for (int row = 0; row < report.entries().size(); row++)
        {
            candidates.add(flat(TuneJson.row(table, row), report.entries().get(row), report));
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

    private static ObjectNode entry(final ObjectNode root, final String field, final List<TuneTables.Col<SystemAdvisor.Entry>> columns,
        final SystemAdvisor.Entry entry, final SystemAdvisor.Report report)
    {
        final ObjectNode node = flat(TuneJson.row(TuneTables.table(field, field, List.of(), columns, List.of(entry)).full(), 0), entry, report);
        root.set(field, node);
        return node;
    }

    /** @return the row with its config as one flat object keyed as the system spells its keys (Aeron's dotted ones too). */
    private static ObjectNode flat(final ObjectNode node, final SystemAdvisor.Entry entry, final SystemAdvisor.Report report)
    {
        final ObjectNode config = MAPPER.createObjectNode();
        for (final SystemProfile.Key key : report.system().keys())
        {
            final String text = key.format(entry.config().get(key.name()));
            if (SystemProfile.Unit.DURATION == key.unit())
            {
                config.put(key.name(), text);
            }
            else
            {
                config.put(key.name(), Long.parseLong(text));
            }
        }
        node.set("config", config);
        final ArrayNode guidance = node.putArray("guidance");
        entry.guidance().forEach(guidance::add);
        final ArrayNode rounding = node.putArray("rounding");
        entry.rounding().forEach(rounding::add);
        if (null != entry.alternative())
        {
            final ObjectNode alternative = node.putObject("alternative");
            alternative.put("scenario", report.system().model().alternative().name());
            alternative.put("p50Ns", entry.alternative().p50Ns());
            alternative.put("p99Ns", entry.alternative().p99Ns());
        }
        return node;
    }
}
