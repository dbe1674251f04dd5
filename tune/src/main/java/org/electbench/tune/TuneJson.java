package org.electbench.tune;

import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The tuning report as JSON; the field names are a contract scripts rely on (see the README):
 * {@code network} (the fitted model, {@code delay} in {@code simulate --delay} syntax),
 * {@code recommendations} (one per algorithm: {@code algorithm}, {@code flags},
 * {@code failoverNs {p50,p99,max}}, {@code falseElectionsPerDay {estimate,upper}}), {@code frontier}
 * (every setting tried, the same fields), and beside them {@code verdicts} (why each frontier
 * entry won or lost, same order), {@code presets} and {@code wallNs}. An algorithm with no setting
 * under the target has {@code flags}, {@code failoverNs} and {@code falseElectionsPerDay} null.
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
        final ObjectNode pauses = network.putObject("pauses");
        pauses.put("ratePerHour", request.pauses().ratePerHour());
        pauses.put("p50Ns", request.pauses().p50Ns());
        pauses.put("p99Ns", request.pauses().p99Ns());
        pauses.put("distribution", request.pauses().law());
        pauses.put("tailSource", request.pauses().tailSource());
        root.put("falseElectionsPerDayTarget", request.targetPerDay());
        root.put("failoverRuns", request.failoverRuns());
        root.put("seed", request.seed());

        final ArrayNode recommendations = root.putArray("recommendations");
        final ArrayNode frontier = root.putArray("frontier");
        final ArrayNode verdicts = root.putArray("verdicts");
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final Evaluation best = result.recommended();
            if (null == best)
            {
                final ObjectNode none = recommendations.addObject();
                none.put("algorithm", result.algorithm());
                none.putNull("flags");
                none.putNull("failoverNs");
                none.putNull("falseElectionsPerDay");
            }
            else
            {
                evaluation(recommendations.addObject(), best);
            }
            final List<Evaluation> evaluations = result.evaluations();
            for (int index = 0; index < evaluations.size(); index++)
            {
                evaluation(frontier.addObject(), evaluations.get(index));
                verdicts.add(result.verdicts().get(index));
            }
        }
        final ArrayNode presets = root.putArray("presets");
        for (final TuneReport.PresetResult preset : report.presets())
        {
            evaluation(presets.addObject(), preset.evaluation()).put("preset", preset.preset().cliName());
        }
        root.put("wallNs", report.wallNs());
        return root;
    }

    private static ObjectNode evaluation(final ObjectNode node, final Evaluation evaluation)
    {
        node.put("algorithm", evaluation.algorithm());
        final ArrayNode flags = node.putArray("flags");
        evaluation.setting().flags().forEach(flags::add);
        if (null == evaluation.failover())
        {
            node.putNull("failoverNs");
        }
        else
        {
            final ObjectNode failover = node.putObject("failoverNs");
            failover.put("p50", evaluation.failover().p50Ns());
            failover.put("p99", evaluation.failover().p99Ns());
            failover.put("max", evaluation.failover().maxNs());
        }
        final Evaluation.FalseElections falseElections = evaluation.falseElections();
        final ObjectNode rate = node.putObject("falseElectionsPerDay");
        rate.put("estimate", falseElections.estimatePerDay());
        rate.put("upper", falseElections.upperPerDay());
        rate.put("network", falseElections.networkPerDay());
        rate.put("networkUpper", falseElections.networkUpperPerDay());
        rate.put("pauses", falseElections.pausePerDay());
        rate.put("pausesUpper", falseElections.pauseUpperPerDay());
        rate.put("bound", falseElections.bound());
        quality(node.putObject("detector"), falseElections.quality());
        final ArrayNode lints = node.putArray("lints");
        evaluation.lints().forEach(lints::add);
        return node;
    }

    /** The detector's quality, Chen, Toueg and Aguilera's measures; a mistake recurrence of never is null. */
    static void quality(final ObjectNode node, final Evaluation.Quality quality)
    {
        node.put("detectionNs", quality.detectionNs());
        node.put("worstDetectionNs", quality.worstDetectionNs());
        if (Double.isInfinite(quality.mistakeRecurrenceNs()))
        {
            node.putNull("mistakeRecurrenceNs");
        }
        else
        {
            node.put("mistakeRecurrenceNs", quality.mistakeRecurrenceNs());
        }
        node.put("mistakeDurationNs", quality.mistakeDurationNs());
        node.put("queryAccuracy", quality.queryAccuracy());
    }
}
