package org.electbench.analysis.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.electbench.transport.InputFiles;
import org.electbench.transport.MemoryLimits;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.electbench.analysis.AnalysisException;

/**
 * One traced run read back from its JSON lines ({@link TraceWriter} describes the format).
 *
 * @param algorithm the algorithm.
 * @param nodes the cluster size.
 * @param types the message types, by type id.
 * @param clock virtual or real.
 * @param command the command that made the run.
 * @param events every event, in file order.
 */
public record Trace(String algorithm, int nodes, List<String> types, String clock, String command, List<Event> events)
{
    public static final String FORMAT = "electbench-trace/1";

    /**
     * One line of the trace. Fields an event kind has no use for are 0 or empty.
     *
     * @param kind send, deliver, drop, timer, fault or belief.
     * @param timeNs when.
     * @param id the message's number (send, deliver, drop).
     * @param from the sender.
     * @param to the receiver.
     * @param node the node of a timer, fault, state or belief.
     * @param type the message type's name.
     * @param detail the drop's reason, the fault's kind, the state entered, or the belief's role.
     * @param leader the leader a belief names.
     * @param term the belief's term, or the timer's kind.
     * @param end whether a fault's duration ended.
     */
    public record Event(String kind, long timeNs, long id, int from, int to, int node, String type, String detail, int leader, long term, boolean end)
    {
        /** @return the node the event happens on: the sender of a send, the receiver of a delivery or drop. */
        public int lane()
        {
            switch (kind)
            {
                case "send":
                    return from;
                case "deliver":
                case "drop":
                    return to;
                default:
                    return node;
            }
        }
    }

    /** @return the sends, in order. */
    public List<Event> sends()
    {
        return events.stream().filter(event -> "send".equals(event.kind())).toList();
    }

    /** @return the largest cluster a trace may declare: its vector clocks, (n + 1)^2 longs, fit a quarter of the heap. */
    public static int maxNodes()
    {
        return (int)Math.min(MemoryLimits.HARD_MAX_NODES, Math.floor(Math.sqrt(MemoryLimits.maxHeapBytes() / 4.0 / Long.BYTES)) - 1);
    }

    /**
     * @param file a trace written by {@code simulate --trace}.
     * @return the trace.
     * @throws AnalysisException naming the file and line when it is missing, truncated or foreign.
     */
    public static Trace read(final Path file)
    {
        final String tooLarge = InputFiles.tooLarge(file);
        if (null != tooLarge)
        {
            throw new AnalysisException(file, tooLarge);
        }
        final ObjectMapper mapper = new ObjectMapper();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            final String first = reader.readLine();
            if (null == first)
            {
                throw new AnalysisException(file, "empty file, expected an electbench trace");
            }
            final JsonNode header = parse(mapper, file, 1, first);
            if (!FORMAT.equals(header.path("format").asText()))
            {
                throw new AnalysisException(file, "not an electbench trace: line 1 has no \"format\": \"" + FORMAT + "\"");
            }
            final List<String> types = new ArrayList<>();
            header.path("types").forEach(type -> types.add(type.asText()));
            final long nodes = header.path("nodes").asLong();
            if (nodes < 1)
            {
                throw new AnalysisException(file, "line 1: cluster size missing or below 1");
            }
            if (nodes > maxNodes())
            {
                throw new AnalysisException(file, "line 1: a cluster of " + nodes + " nodes; a trace is drawn for up to " +
                    maxNodes() + " (its vector clocks take nodes squared longs, a quarter of the heap at most)");
            }
            final List<Event> events = new ArrayList<>();
            String line;
            int number = 1;
            while (null != (line = reader.readLine()))
            {
                number++;
                if (line.isBlank())
                {
                    continue;
                }
                final JsonNode node = parse(mapper, file, number, line);
                final String kind = node.path("event").asText("");
                switch (kind)
                {
                    case "send":
                    case "deliver":
                    case "drop":
                    case "timer":
                    case "fault":
                    case "belief":
                    case "state":
                        break;
                    default:
                        throw new AnalysisException(file, "line " + number + ": unknown event '" + kind + "'");
                }
                if (!node.path("t").isIntegralNumber())
                {
                    throw new AnalysisException(file, "line " + number + ": no time \"t\"");
                }
                final String detail = node.has("reason") ? node.get("reason").asText() :
                    node.has("fault") ? node.get("fault").asText() :
                    node.has("state") ? node.get("state").asText() : node.path("role").asText("");
                events.add(new Event(kind, node.get("t").asLong(), node.path("id").asLong(), node.path("from").asInt(),
                    node.path("to").asInt(), node.path("node").asInt(), node.path("type").asText(""), detail,
                    node.path("leader").asInt(), "timer".equals(kind) ? node.path("kind").asLong() : node.path("term").asLong(),
                    node.path("end").asBoolean()));
                final Event event = events.get(events.size() - 1);
                if (event.lane() < 0 || event.lane() > nodes)
                {
                    throw new AnalysisException(file, "line " + number + ": node " + event.lane() + " outside the cluster of " + nodes);
                }
            }
            return new Trace(header.path("algorithm").asText(), (int)nodes, List.copyOf(types), header.path("clock").asText(),
                header.path("command").asText(), List.copyOf(events));
        }
        catch (final NoSuchFileException ex)
        {
            throw new AnalysisException(file, "no such file");
        }
        catch (final IOException ex)
        {
            throw new AnalysisException(file, "cannot read: " + ex.getMessage(), ex);
        }
    }

    private static JsonNode parse(final ObjectMapper mapper, final Path file, final int number, final String line)
    {
        try
        {
            final JsonNode node = mapper.readTree(line);
            if (null == node || !node.isObject())
            {
                throw new AnalysisException(file, "line " + number + ": not a JSON object");
            }
            return node;
        }
        catch (final JacksonException ex)
        {
            throw new AnalysisException(file, "line " + number + ": not valid JSON (truncated?)", ex);
        }
    }
}
