package org.electbench.cli;

import java.io.PrintWriter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;

/**
 * The JSON scripts rely on: field names are a contract, see the README.
 */
final class JsonWriter implements OutputFormat.ReportWriter
{
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public void write(final Report report, final PrintWriter out)
    {
        try
        {
            out.println(MAPPER.writeValueAsString(toJson(report)));
            out.flush();
        }
        catch (final com.fasterxml.jackson.core.JsonProcessingException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    static ObjectNode toJson(final Report report)
    {
        final Scenario scenario = report.scenario();
        final Summary summary = report.summary();
        final ObjectNode root = MAPPER.createObjectNode();
        root.put("algorithm", scenario.algorithm().name());
        root.put("transport", report.transport());
        root.put("nodes", scenario.nodes());
        root.put("scenario", scenario.kind().cliName());
        root.put("detect", scenario.detect().cliName());
        root.put("delay", scenario.network().delay().toString());
        root.put("loss", scenario.network().lossProbability());
        root.put("runs", summary.runs());
        root.put("seed", scenario.seed());
        distribution(root.putObject("convergenceNs"), summary.convergence());
        distribution(root.putObject("detectionNs"), summary.detection());
        if (!Runner.SIM.equals(report.transport()))
        {
            distribution(root.putObject("oneWayLatencyNs"), summary.oneWayLatency());
            distribution(root.putObject("floorNs"), summary.floor());
            distribution(root.putObject("overheadNs"), summary.overhead());
            distribution(root.putObject("timerLatenessNs"), summary.timerLateness());
        }
        final ObjectNode messages = root.putObject("messages");
        messages.put("mean", summary.messagesMean());
        messages.put("min", summary.messagesMin());
        messages.put("max", summary.messagesMax());
        final ObjectNode byType = messages.putObject("byType");
        for (int type = 0; type < summary.typeNames().size(); type++)
        {
            if (type != summary.heartbeatType())
            {
                byType.put(summary.typeNames().get(type), summary.messagesMean(type));
            }
        }
        root.putObject("bytes").put("mean", summary.bytesMean());
        root.putObject("heartbeats").put("mean", summary.heartbeatsMean());
        if (summary.runs() == 1)
        {
            root.put("leader", summary.lastLeader());
        }
        else
        {
            root.putNull("leader");
        }
        root.put("wrongLeaderRuns", summary.wrongLeaderRuns());
        root.put("unconvergedRuns", summary.unconvergedRuns());
        root.put("maxConcurrentLeaders", summary.maxConcurrentLeaders());
        root.put("splitBrainRuns", summary.splitBrainRuns());
        root.put("sameTermLeaderRuns", summary.sameTermLeaderRuns());
        root.put("staleLeaderRuns", summary.staleLeaderRuns());
        root.put("events", summary.events());
        root.put("wallNs", report.wallNs());
        return root;
    }

    private static void distribution(final ObjectNode node, final Summary.Distribution distribution)
    {
        if (distribution.isEmpty())
        {
            node.putNull("mean");
            node.putNull("p50");
            node.putNull("p99");
            node.putNull("max");
            return;
        }
        node.put("mean", Math.round(distribution.mean()));
        node.put("p50", distribution.percentile(50));
        node.put("p99", distribution.percentile(99));
        node.put("max", distribution.max());
    }
}
