package org.electbench.tune;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;

/**
 * The tuning report as JSON: the model it ran under, then the full set of {@link TuneTables}'
 * tables, one object per row with each column id a path. The field names are a contract scripts
 * rely on (see the README):
 * {@code network} (the fitted model, {@code delay} in {@code simulate --delay} syntax),
 * {@code recommendations} (one per algorithm: {@code algorithm}, {@code flags},
 * {@code failoverNs {p50,p99,max}}, {@code falseElectionsPerDay {estimate,upper,…}}, {@code detector},
 * {@code lints}), {@code frontier} (every setting tried, the same fields and its {@code verdict}),
 * and beside them {@code verdicts} (why each frontier entry won or lost, same order),
 * {@code presets} and {@code wallNs}. An algorithm with no setting under the target has
 * {@code flags}, {@code failoverNs}, {@code falseElectionsPerDay} and {@code detector} null.
 */
public final class TuneJson
{
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private TuneJson()
    {
    }

    public static String write(final TuneReport report)
    {
        try
        {
            return MAPPER.writeValueAsString(toJson(report));
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    static ObjectNode toJson(final TuneReport report)
    {
        final TuneRequest request = report.request();
        final NetworkFit fit = request.network();
        final ObjectNode root = MAPPER.createObjectNode();
        final ObjectNode network = root.putObject("network");
        network.put("delay", fit.delaySpec());
        network.put("loss", fit.loss());
        network.put("model", "lognormal one-way delay; a round trip is two independent one-way draws, fitted to have the RTT p50 and p99");
        network.put("source", fit.source());
        network.put("rttP50Ns", fit.rttP50Ns());
        network.put("rttP99Ns", fit.rttP99Ns());
        if (fit.rttMaxNs() > 0)
        {
            network.put("rttMaxNs", fit.rttMaxNs());
        }
        network.put("nodes", request.nodes());
        pauses(network.putObject("pauses"), request.pauses());
        root.put("falseElectionsPerDayTarget", request.targetPerDay());
        root.put("failoverRuns", request.failoverRuns());
        root.put("seed", request.seed());

        rows(root.putArray("recommendations"), TuneTables.recommended(report));
        final Table settings = TuneTables.settings(report, false);
        rows(root.putArray("frontier"), settings);
        final ArrayNode verdicts = root.putArray("verdicts");
        for (int row = 0; row < settings.rows().size(); row++)
        {
            verdicts.add(settings.value(row, "verdict").text());
        }
        rows(root.putArray("presets"), TuneTables.presets(report));
        root.put("wallNs", report.wallNs());
        return root;
    }

    /** The pause law: its family, rate, p50 and p99, and where its tail comes from. */
    static void pauses(final ObjectNode node, final PauseModel pauses)
    {
        node.put("distribution", pauses.law());
        node.put("ratePerHour", pauses.ratePerHour());
        node.put("p50Ns", pauses.p50Ns());
        node.put("p99Ns", pauses.p99Ns());
        node.put("tailSource", pauses.tailSource());
    }

    /** Adds each row of the table's full set as an object, each column id a path in it. */
    static void rows(final ArrayNode array, final Table table)
    {
        final Table full = table.full();
        for (int row = 0; row < full.rows().size(); row++)
        {
            array.add(row(full, row));
        }
    }

    /**
     * @return one row as an object: a column {@code failoverNs.p99} is {@code "failoverNs": {"p99": …}}; a group whose values
     *         are all missing (no setting met the target, failover not simulated) is null.
     */
    static ObjectNode row(final Table full, final int row)
    {
        final ObjectNode node = MAPPER.createObjectNode();
        for (int column = 0; column < full.columns().size(); column++)
        {
            final String[] path = full.columns().get(column).id().split("\\.");
            ObjectNode parent = node;
            for (int depth = 0; depth < path.length - 1; depth++)
            {
                parent = parent.has(path[depth]) ? (ObjectNode)parent.get(path[depth]) : parent.putObject(path[depth]);
            }
            parent.set(path[path.length - 1], MAPPER.valueToTree(TableFormat.json(full.rows().get(row).get(column).exact())));
        }
        node.properties().forEach(entry ->
        {
            if (entry.getValue().isObject() && allNull(entry.getValue()))
            {
                node.putNull(entry.getKey());
            }
        });
        return node;
    }

    private static boolean allNull(final JsonNode group)
    {
        for (final JsonNode child : group)
        {
            if (!child.isNull())
            {
                return false;
            }
        }
        return true;
    }
}
