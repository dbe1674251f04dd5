package org.electbench.analysis.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Draws a trace as a space-time (Lamport) diagram in SVG: one vertical lane per node, time
 * running down, every message an arrow from its send to its delivery coloured by type (a dropped
 * one dashed, ending in a cross where it was lost), timers as small ticks, faults and belief
 * changes as labelled marks on their lane. Hovering any mark shows what it was and when.
 * <p>
 * Written as SVG by hand, on purpose: charting libraries (XChart, JFreeChart) draw series over
 * axes, and none draws lanes with arrows between them; a hand-made SVG also lets every arrow
 * carry its type as a class and its details as a hover title, which a library's SVG export
 * would flatten into paths. Rows are event times, not a linear time scale: a 150 ms detection
 * timeout and the 1 ms hops after it would otherwise squeeze the election into one line. The
 * time of each row is printed at its left.
 */
public final class SpaceTimeDiagram
{
    private static final int LANE_GAP = 120;
    private static final int LEFT = 110;
    private static final int TOP = 110;
    private static final int ROW = 22;
    private static final String[] PALETTE = {
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

    private SpaceTimeDiagram()
    {
    }

    /** @return the diagram as a standalone SVG document. */
    public static String svg(final Trace trace)
    {
        final TreeSet<Long> times = new TreeSet<>();
        for (final Trace.Event event : trace.events())
        {
            times.add(event.timeNs());
        }
        final Map<Long, Integer> rowOf = new HashMap<>();
        int row = 0;
        for (final long time : times)
        {
            rowOf.put(time, row++);
        }
        final int width = LEFT + LANE_GAP * trace.nodes() + 40;
        final int height = TOP + ROW * Math.max(1, times.size()) + 40;
        final StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
            .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height).append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
        svg.append("<title>").append(escape(title(trace))).append("</title>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append("<defs>\n");
        for (int type = 0; type < trace.types().size(); type++)
        {
            svg.append("<marker id=\"head-").append(type).append("\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" ")
                .append("markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"")
                .append(colour(type)).append("\"/></marker>\n");
        }
        svg.append("</defs>\n");
        svg.append("<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">").append(escape(heading(trace))).append("</text>\n");
        if (!trace.command().isEmpty())
        {
            svg.append("<text x=\"10\" y=\"").append(TOP - 34).append("\" fill=\"#555\">").append(escape(trace.command())).append("</text>\n");
        }
        legend(svg, trace);
        for (int node = 1; node <= trace.nodes(); node++)
        {
            final int x = laneX(node);
            svg.append("<text x=\"").append(x).append("\" y=\"").append(TOP - 12).append("\" text-anchor=\"middle\" font-weight=\"bold\">node ")
                .append(node).append("</text>\n");
            svg.append("<line class=\"lane\" x1=\"").append(x).append("\" y1=\"").append(TOP - 6).append("\" x2=\"").append(x)
                .append("\" y2=\"").append(height - 30).append("\" stroke=\"#bbb\"/>\n");
        }
        int lastLabelRow = -2;
        for (final long time : times)
        {
            final int r = rowOf.get(time);
            if (r - lastLabelRow >= 1)
            {
                svg.append("<text x=\"").append(LEFT - 40).append("\" y=\"").append(rowY(r) + 4).append("\" text-anchor=\"end\" fill=\"#555\">")
                    .append(millis(time)).append("</text>\n");
                lastLabelRow = r;
            }
        }
        arrows(svg, trace, rowOf);
        marks(svg, trace, rowOf);
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** @return the number of message arrows a diagram of the trace draws: one per send. */
    public static int arrows(final String svg)
    {
        int count = 0;
        for (int at = svg.indexOf("class=\"msg "); at >= 0; at = svg.indexOf("class=\"msg ", at + 1))
        {
            count++;
        }
        return count;
    }

    private static void legend(final StringBuilder svg, final Trace trace)
    {
        int x = 10;
        final int y = 42;
        for (int type = 0; type < trace.types().size(); type++)
        {
            svg.append("<line x1=\"").append(x).append("\" y1=\"").append(y).append("\" x2=\"").append(x + 24).append("\" y2=\"").append(y)
                .append("\" stroke=\"").append(colour(type)).append("\" stroke-width=\"2\" marker-end=\"url(#head-").append(type).append(")\"/>\n");
            svg.append("<text x=\"").append(x + 30).append("\" y=\"").append(y + 4).append("\">").append(escape(trace.types().get(type))).append("</text>\n");
            x += 40 + 8 * trace.types().get(type).length();
        }
        svg.append("<text x=\"").append(x).append("\" y=\"").append(y + 4).append("\" fill=\"#555\">")
            .append("dashed: dropped \u00b7 \u25cf belief (L leader, C candidate, F follower \u2192 leader it names) \u00b7 \u2715 fault \u00b7 \u25b8 timer")
            .append("</text>\n");
        svg.append("<text x=\"10\" y=\"").append(y + 18).append("\" fill=\"#555\">rows are event times (ms of the ")
            .append(escape(trace.clock())).append(" clock), not to scale</text>\n");
    }

    private static void arrows(final StringBuilder svg, final Trace trace, final Map<Long, Integer> rowOf)
    {
        final Map<Long, Trace.Event> sends = new HashMap<>();
        final Map<Long, Trace.Event> ends = new HashMap<>();
        final List<Trace.Event> order = new ArrayList<>();
        for (final Trace.Event event : trace.events())
        {
            if ("send".equals(event.kind()))
            {
                sends.put(event.id(), event);
                order.add(event);
            }
            else if (("deliver".equals(event.kind()) || "drop".equals(event.kind())) && event.id() > 0)
            {
                ends.put(event.id(), event);
            }
        }
        // Heartbeats first and light, so the election's messages sent at the same instants stay on top.
        for (final boolean heartbeats : new boolean[] {true, false})
        {
            for (final Trace.Event send : order)
            {
                if (isHeartbeat(send.type()) == heartbeats)
                {
                    arrow(svg, trace, rowOf, send, ends.get(send.id()));
                }
            }
        }
    }

    private static boolean isHeartbeat(final String type)
    {
        return type.toUpperCase(Locale.ROOT).contains("HEARTBEAT");
    }

    private static void arrow(
        final StringBuilder svg, final Trace trace, final Map<Long, Integer> rowOf, final Trace.Event send, final Trace.Event end)
    {
        final int type = trace.types().indexOf(send.type());
        final int x1 = laneX(send.from());
        final int y1 = rowY(rowOf.get(send.timeNs()));
        final int x2 = laneX(send.to());
        final boolean dropped = null == end || "drop".equals(end.kind());
        int y2 = null == end ? y1 + ROW : rowY(rowOf.get(end.timeNs()));
        if (y2 == y1)
        {
            y2 = y1 + ROW / 2;
        }
        // A dropped message ends part-way, where it was lost; a delivered one at its receiver's lane.
        final int xEnd = dropped ? x1 + (x2 - x1) * 3 / 4 : x2;
        final int yEnd = dropped ? y1 + (y2 - y1) * 3 / 4 : y2;
        svg.append("<line class=\"msg ").append(escape(send.type())).append("\" x1=\"").append(x1).append("\" y1=\"").append(y1)
            .append("\" x2=\"").append(xEnd).append("\" y2=\"").append(yEnd).append("\" stroke=\"").append(colour(type))
            .append(isHeartbeat(send.type()) ? "\" stroke-width=\"1.2\" stroke-opacity=\"0.45\"" : "\" stroke-width=\"1.6\"");
        if (dropped)
        {
            svg.append(" stroke-dasharray=\"5,3\"");
        }
        else
        {
            svg.append(" marker-end=\"url(#head-").append(type).append(")\"");
        }
        svg.append("><title>").append(escape(send.type())).append(' ').append(send.from()).append('\u2192').append(send.to())
            .append(", sent ").append(millis(send.timeNs())).append(" ms");
        if (null == end)
        {
            svg.append(", still in flight when the run ended");
        }
        else
        {
            svg.append(", ").append("drop".equals(end.kind()) ? "dropped (" + end.detail().toLowerCase(Locale.ROOT) + ")" : "delivered")
                .append(' ').append(millis(end.timeNs())).append(" ms");
        }
        svg.append("</title></line>\n");
        if (null != end && dropped)
        {
            cross(svg, xEnd, yEnd, colour(type), 4);
        }
    }

    private static void marks(final StringBuilder svg, final Trace trace, final Map<Long, Integer> rowOf)
    {
        for (final Trace.Event event : trace.events())
        {
            final int y = rowY(rowOf.get(event.timeNs()));
            switch (event.kind())
            {
                case "timer":
                {
                    final int x = laneX(event.node());
                    svg.append("<path class=\"timer\" d=\"M").append(x - 9).append(',').append(y - 4).append("L").append(x - 3).append(',').append(y)
                        .append("L").append(x - 9).append(',').append(y + 4).append("z\" fill=\"#999\"><title>timer kind ").append(event.term())
                        .append(" fired on node ").append(event.node()).append(", ").append(millis(event.timeNs())).append(" ms</title></path>\n");
                    break;
                }
                case "belief":
                {
                    final int x = laneX(event.node());
                    final String role = event.detail();
                    final String fill = "LEADER".equals(role) ? "#f2b01e" : "CANDIDATE".equals(role) ? "#9ecae1" : "#ffffff";
                    svg.append("<g class=\"belief\"><circle cx=\"").append(x).append("\" cy=\"").append(y).append("\" r=\"5\" fill=\"").append(fill)
                        .append("\" stroke=\"#333\"/><text x=\"").append(x + 8).append("\" y=\"").append(y - 3).append("\" font-size=\"10\">")
                        .append(role.isEmpty() ? "?" : role.substring(0, 1)).append(event.leader() > 0 ? "\u2192" + event.leader() : "")
                        .append(" t").append(event.term()).append("</text><title>node ").append(event.node()).append(" believes: ")
                        .append(escape(role.toLowerCase(Locale.ROOT))).append(", leader ").append(event.leader()).append(", term ")
                        .append(event.term()).append(", ").append(millis(event.timeNs())).append(" ms</title></g>\n");
                    break;
                }
                case "fault":
                {
                    final String label = event.detail().toLowerCase(Locale.ROOT).replace('_', ' ') + (event.end() ? " ends" : "");
                    if (event.node() > 0)
                    {
                        final int x = laneX(event.node());
                        svg.append("<g class=\"fault\">");
                        cross(svg, x, y, "#c00", 7);
                        svg.append("<text x=\"").append(x + 10).append("\" y=\"").append(y + 4).append("\" fill=\"#c00\" font-weight=\"bold\">")
                            .append(escape(label)).append("</text><title>").append(escape(label)).append(" on node ").append(event.node())
                            .append(", ").append(millis(event.timeNs())).append(" ms</title></g>\n");
                    }
                    else
                    {
                        svg.append("<g class=\"fault\"><line x1=\"").append(LEFT - 30).append("\" y1=\"").append(y).append("\" x2=\"")
                            .append(laneX(trace.nodes()) + 20).append("\" y2=\"").append(y).append("\" stroke=\"#c00\" stroke-dasharray=\"2,4\"/>")
                            .append("<text x=\"").append(laneX(trace.nodes()) + 22).append("\" y=\"").append(y + 4).append("\" fill=\"#c00\">")
                            .append(escape(label)).append("</text><title>").append(escape(label)).append(", ").append(millis(event.timeNs()))
                            .append(" ms</title></g>\n");
                    }
                    break;
                }
                default:
                    break;
            }
        }
    }

    private static void cross(final StringBuilder svg, final int x, final int y, final String colour, final int size)
    {
        svg.append("<path d=\"M").append(x - size).append(',').append(y - size).append("L").append(x + size).append(',').append(y + size)
            .append("M").append(x - size).append(',').append(y + size).append("L").append(x + size).append(',').append(y - size)
            .append("\" stroke=\"").append(colour).append("\" stroke-width=\"2\"/>");
    }

    private static String heading(final Trace trace)
    {
        return trace.algorithm() + ", " + trace.nodes() + " nodes: " + trace.sends().size() + " messages";
    }

    private static String title(final Trace trace)
    {
        return heading(trace) + (trace.command().isEmpty() ? "" : " (" + trace.command() + ")");
    }

    private static int laneX(final int node)
    {
        return LEFT + LANE_GAP * (node - 1) + LANE_GAP / 2;
    }

    private static int rowY(final int row)
    {
        return TOP + ROW * row + ROW / 2;
    }

    private static String colour(final int type)
    {
        return type < 0 ? "#000" : PALETTE[type % PALETTE.length];
    }

    static String millis(final long nanos)
    {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
