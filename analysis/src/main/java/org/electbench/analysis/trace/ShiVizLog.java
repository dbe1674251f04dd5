package org.electbench.analysis.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * Writes a trace as a log ShiViz (the distributed-systems log visualiser) loads: its first line
 * the regular expression that parses each event line, a blank line, then one line per event,
 * {@code host {vector clock} description}. Vector clocks follow the messages: a node ticks its
 * own entry at every event, a send carries the sender's clock, a delivery merges it into the
 * receiver's. Drops and timers are events of the node they happen on; a drop is not a receive.
 */
public final class ShiVizLog
{
    /** The parser line for ShiViz's "log parsing regular expression" box. */
    public static final String REGEX = "(?<host>\\S+) (?<clock>\\{.*\\}) (?<event>.*)";

    private ShiVizLog()
    {
    }

    public static String write(final Trace trace)
    {
        final int nodes = trace.nodes();
        final long[][] clocks = new long[nodes + 1][nodes + 1];
        final Map<Long, long[]> carried = new HashMap<>();
        final StringBuilder log = new StringBuilder();
        log.append(REGEX).append("\n\n");
        for (final Trace.Event event : trace.events())
        {
            final int node = event.lane();
            if (node < 1)
            {
                continue;
            }
            final long[] clock = clocks[node];
            final String description;
            switch (event.kind())
            {
                case "send":
                    clock[node]++;
                    carried.put(event.id(), clock.clone());
                    description = "send " + event.type() + " to n" + event.to() + " #" + event.id();
                    break;
                case "deliver":
                {
                    final long[] sent = carried.remove(event.id());
                    if (null != sent)
                    {
                        for (int i = 1; i <= nodes; i++)
                        {
                            clock[i] = Math.max(clock[i], sent[i]);
                        }
                    }
                    clock[node]++;
                    description = "receive " + event.type() + " from n" + event.from() + " #" + event.id();
                    break;
                }
                case "drop":
                    carried.remove(event.id());
                    clock[node]++;
                    description = "lost " + event.type() + " from n" + event.from() + " #" + event.id() + " (" + event.detail() + ")";
                    break;
                case "timer":
                    clock[node]++;
                    description = "timer " + event.term() + " fires";
                    break;
                case "fault":
                    clock[node]++;
                    description = event.detail() + (event.end() ? " ends" : "");
                    break;
                case "state":
                    clock[node]++;
                    description = "enters " + event.detail();
                    break;
                default:
                    clock[node]++;
                    description = "believes " + event.detail() + " leader=" + event.leader() + " term=" + event.term();
                    break;
            }
            log.append('n').append(node).append(' ').append(json(clock)).append(' ')
                .append(description).append(" @").append(SpaceTimeDiagram.millis(event.timeNs())).append("ms\n");
        }
        return log.toString();
    }

    /** @return the clock's non-zero entries as ShiViz wants them: {@code {"n1":3,"n2":1}}. */
    private static String json(final long[] clock)
    {
        final StringBuilder json = new StringBuilder("{");
        for (int i = 1; i < clock.length; i++)
        {
            if (clock[i] > 0)
            {
                json.append(json.length() > 1 ? "," : "").append("\"n").append(i).append("\":").append(clock[i]);
            }
        }
        return json.append('}').toString();
    }
}
