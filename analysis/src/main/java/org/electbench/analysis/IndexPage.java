package org.electbench.analysis;

import org.electbench.reporting.TableFormat;
import org.electbench.reporting.NamedChart;
import org.electbench.transport.InputFiles;
import java.util.List;
import java.util.Map;

/**
 * The {@code index.html} of a report: the reading first, a table of contents, one section per
 * scenario (its table, links to its every column in CSV and JSON, its charts), the environment and the
 * command that reproduces the run. No script, no stylesheet or image fetched from anywhere: the
 * charts are the PNGs beside it in {@code charts/} (each linking its SVG), so the page stays small
 * (a few hundred KB for a full run) and opens offline from the report folder.
 */
final class IndexPage
{
    /**
     * @param chart the chart.
     */
    record Figure(NamedChart chart)
    {
    }

    private static final String STYLE = String.join("\n",
        "body{font-family:sans-serif;margin:2em auto;max-width:1200px;color:#222;padding:0 1em}",
        "table{border-collapse:collapse;margin:.5em 0 1em;font-size:13px}",
        "th,td{border:1px solid #ccc;padding:3px 6px}th{background:#f3f3f3;max-width:9em}td{white-space:nowrap}#pick td{white-space:normal}",
        "td.n{text-align:right}td.t{white-space:normal;max-width:13em}",
        ".wide{overflow-x:auto;max-width:100%}details{margin:.5em 0 1.5em}summary{cursor:pointer;color:#036}",
        "figure{margin:1em 0}figcaption{font-weight:bold;margin-bottom:.3em}figure img{width:100%;height:auto;border:1px solid #eee}",
        "code,pre{background:#f6f6f6;padding:2px 4px}pre{white-space:pre-wrap}",
        ".reading li{margin:.2em 0}.settings{color:#555;font-size:13px}nav li{margin:.1em 0}");

    private IndexPage()
    {
    }

    /** The stem of the trend figure, which has a section of its own. */
    static final String TREND = "trend";

    static String html(final RunData data, final String title, final List<Figure> figures)
    {
        final StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>electbench report: ")
            .append(escape(title)).append("</title>\n<style>\n").append(STYLE).append("\n</style>\n</head>\n<body>\n");
        html.append("<h1>electbench report: ").append(escape(title)).append("</h1>\n");
        // Where it ran and how to run it again, one line each per folder; every field is in the last section.
        html.append("<p class=\"settings\">");
        for (final String line : ReportWriter.footer(data))
        {
            html.append(line.startsWith("reproduce: ") ? "Reproduce: <code>" + escape(line.substring("reproduce: ".length())) + "</code>" :
                "Ran on " + escape(line)).append("<br>\n");
        }
        html.append("</p>\n");
        final List<String> incidents = Incidents.scenarios(data);
        final boolean trend = figures.stream().anyMatch(item -> TREND.equals(item.chart().stem()));
        html.append("<nav>\n<h2>Contents</h2>\n<ul>\n<li><a href=\"#pick\">To pick for</a></li>\n")
            .append("<li><a href=\"#reading\">The reading, scenario by scenario</a></li>\n");
        for (final String scenario : data.scenarios())
        {
            html.append("<li><a href=\"#").append(escape(anchor(scenario))).append("\">").append(escape(scenario)).append("</a></li>\n");
        }
        if (!incidents.isEmpty())
        {
            html.append("<li><a href=\"#incidents\">Incidents: algorithms and raft's variants side by side</a></li>\n");
        }
        html.append("<li><a href=\"#safety\">Allocation and safety</a></li>\n");
        if (trend)
        {
            html.append("<li><a href=\"#trend\">Trend over commits</a></li>\n");
        }
        html.append("<li><a href=\"#environment\">Where it ran</a></li>\n</ul>\n</nav>\n");

        pick(html, data);
        html.append("<section id=\"reading\">\n<h2>The reading, scenario by scenario</h2>\n<p>Per scenario and transport, at the largest n " +
            "every algorithm ran: who is fastest to a leader (named only where its 95% interval lies below every other's), who sends " +
            "the fewest election messages, and who ever had two leaders at once.</p>\n");
        for (final String scenario : data.scenarios())
        {
            final List<String> reading = Findings.of(data, scenario);
            if (!reading.isEmpty())
            {
                html.append("<h3>").append(escape(scenario)).append("</h3>\n<ul class=\"reading\">\n");
                for (final String sentence : reading)
                {
                    html.append("<li>").append(escape(sentence)).append("</li>\n");
                }
                html.append("</ul>\n");
            }
        }
        html.append("</section>\n");
        for (final String scenario : data.scenarios())
        {
            html.append("<section class=\"scenario\" id=\"").append(escape(anchor(scenario))).append("\">\n<h2>")
                .append(escape(scenario)).append("</h2>\n");
            html.append(TableFormat.HTML.render(Tables.of(data, scenario)));
            for (final Figure item : figures)
            {
                if (scenario.equals(item.chart().scenario()) && !Incidents.isStrip(item.chart()))
                {
                    figure(html, item);
                }
            }
            html.append("</section>\n");
        }
        if (!incidents.isEmpty())
        {
            html.append("<section class=\"scenario\" id=\"incidents\">\n<h2>Incidents: algorithms and raft's variants side by side</h2>\n")
                .append("<p>Each scenario reproduces a published incident: a long, partial disturbance. Per scenario, the disturbance " +
                    "figures of every algorithm and variant the run holds, and availability over time, a strip each.</p>\n");
            for (final String scenario : incidents)
            {
                html.append("<h3 id=\"incident-").append(escape(Charts.safe(scenario))).append("\">").append(escape(scenario)).append("</h3>\n");
                html.append(TableFormat.HTML.render(Incidents.table(data, scenario)));
                for (final Figure item : figures)
                {
                    if (scenario.equals(item.chart().scenario()) && Incidents.isStrip(item.chart()))
                    {
                        figure(html, item);
                    }
                }
            }
            html.append("</section>\n");
        }
        html.append("<section class=\"scenario\" id=\"safety\">\n<h2>Allocation and safety</h2>\n");
        for (final Figure item : figures)
        {
            if (null == item.chart().scenario() && !TREND.equals(item.chart().stem()))
            {
                figure(html, item);
            }
        }
        html.append("</section>\n");
        if (trend)
        {
            html.append("<section class=\"scenario\" id=\"trend\">\n<h2>Trend over commits</h2>\n");
            figures.stream().filter(item -> TREND.equals(item.chart().stem())).forEach(item -> figure(html, item));
            html.append("</section>\n");
        }
        html.append("<section id=\"environment\">\n<h2>Where it ran, and how to run it again</h2>\n");
        for (final RunData.Source source : data.sources())
        {
            html.append("<h3>").append(escape(source.name())).append(source.complete() ? "" : " (incomplete: interrupted)").append("</h3>\n");
            html.append("<details><summary>Environment</summary>\n<table>\n");
            for (final Map.Entry<String, String> entry : source.environment().entrySet())
            {
                html.append("<tr><th>").append(escape(entry.getKey())).append("</th><td>").append(escape(entry.getValue())).append("</td></tr>\n");
            }
            html.append("</table>\n</details>\n");
            if (!source.commandLine().isEmpty())
            {
                html.append("<p>Reproduce:</p>\n<pre><code>").append(escape(source.commandLine())).append("</code></pre>\n");
            }
        }
        html.append("</section>\n</body>\n</html>\n");
        return html.toString();
    }

    /** The reading first: per scenario and transport, who to pick for each goal, or a tie within noise. */
    private static void pick(final StringBuilder html, final RunData data)
    {
        html.append("<section id=\"pick\">\n<h2>To pick for</h2>\n<p>Per scenario and transport, at the largest n every algorithm ran. " +
            "A winner is named only where the figures separate it from every other algorithm (the 95% intervals of convergence p50; " +
            "fewer messages in every run); otherwise a tie within noise. Only rows that pose the same question are compared: no " +
            "failover is timed where none happens (an incident's convergence is the rejoin after its heal), a cold start compares " +
            "the election itself (each start-up wait is stated apart), no row marked distortion wins, and no fastest is named over " +
            "a row marked handicap (a wait every election sits through, run above what its algorithm derives).</p>\n");
        html.append("<div class=\"wide\"><table>\n<tr><th>scenario</th><th>where</th><th>fastest failover</th><th>fewest messages</th>" +
            "<th>never two leaders</th></tr>\n");
        for (final String scenario : data.scenarios())
        {
            for (final Findings.Pick pick : Findings.picks(data, scenario))
            {
                html.append("<tr><td><a href=\"#").append(escape(anchor(scenario))).append("\">").append(escape(scenario)).append("</a></td><td>")
                    .append(escape(pick.where())).append("</td><td>").append(escape(pick.fastest())).append("</td><td>")
                    .append(escape(pick.fewest())).append("</td><td>").append(escape(pick.neverTwoLeaders())).append("</td></tr>\n");
            }
        }
        html.append("</table></div>\n</section>\n");
    }

    private static String anchor(final String scenario)
    {
        return "scenario-" + Charts.safe(scenario);
    }

    private static void figure(final StringBuilder html, final Figure item)
    {
        final String stem = escape(item.chart().stem());
        html.append("<figure id=\"").append(stem).append("\">\n<figcaption>").append(escape(item.chart().title()))
            .append("</figcaption>\n<a href=\"").append(ReportWriter.CHARTS).append('/').append(stem).append(".png\"><img src=\"")
            .append(ReportWriter.CHARTS).append('/').append(stem).append(".png\" alt=\"").append(escape(item.chart().title()))
            .append("\" loading=\"lazy\"></a>\n</figure>\n");
    }

    static String escape(final String raw)
    {
        return TableFormat.escape(raw);
    }
}
