package org.electbench.analysis;

import java.util.List;
import java.util.Map;

/**
 * The self-contained {@code index.html} of a report: no script, no stylesheet or image fetched
 * from anywhere, every chart inlined as SVG (each one's ids prefixed so that several on one page
 * cannot take each other's clip paths), so the file opens offline in any browser.
 */
final class IndexPage
{
    /**
     * @param chart the chart.
     * @param svg its SVG document.
     */
    record Figure(NamedChart chart, String svg)
    {
    }

    private static final String STYLE = String.join("\n",
        "body{font-family:sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}",
        "table{border-collapse:collapse;margin:.5em 0 1em;font-size:13px}",
        "th,td{border:1px solid #ccc;padding:3px 7px}th{background:#f3f3f3}td{white-space:nowrap}td.n{text-align:right}",
        ".wide{overflow-x:auto;max-width:100%}",
        "figure{margin:1em 0}figcaption{font-weight:bold;margin-bottom:.3em}",
        "code,pre{background:#f6f6f6;padding:2px 4px}pre{white-space:pre-wrap}",
        ".reading li{margin:.2em 0}.settings{color:#555;font-size:13px}",
        "svg{max-width:100%;height:auto}");

    private IndexPage()
    {
    }

    static String html(final RunData data, final String title, final List<Figure> figures)
    {
        final StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>electbench report: ")
            .append(escape(title)).append("</title>\n<style>\n").append(STYLE).append("\n</style>\n</head>\n<body>\n");
        html.append("<h1>electbench report: ").append(escape(title)).append("</h1>\n");
        html.append("<section id=\"environment\">\n<h2>Where it ran, and how to run it again</h2>\n");
        for (final RunData.Source source : data.sources())
        {
            html.append("<h3>").append(escape(source.name())).append(source.complete() ? "" : " (incomplete: interrupted)").append("</h3>\n<table>\n");
            for (final Map.Entry<String, String> entry : source.environment().entrySet())
            {
                html.append("<tr><th>").append(escape(entry.getKey())).append("</th><td>").append(escape(entry.getValue())).append("</td></tr>\n");
            }
            html.append("</table>\n");
            if (!source.commandLine().isEmpty())
            {
                html.append("<p>Reproduce:</p>\n<pre><code>").append(escape(source.commandLine())).append("</code></pre>\n");
            }
        }
        html.append("</section>\n");
        int figure = 0;
        for (final String scenario : data.scenarios())
        {
            final Table table = Tables.of(data, scenario);
            html.append("<section class=\"scenario\">\n<h2>").append(escape(scenario)).append("</h2>\n");
            final List<String> reading = Reading.of(data, scenario);
            if (!reading.isEmpty())
            {
                html.append("<ul class=\"reading\">\n");
                for (final String sentence : reading)
                {
                    html.append("<li>").append(escape(sentence)).append("</li>\n");
                }
                html.append("</ul>\n");
            }
            html.append(TableFormat.HTML.render(table));
            for (final Figure item : figures)
            {
                if (scenario.equals(item.chart().scenario()))
                {
                    figure(html, item, figure++);
                }
            }
            html.append("</section>\n");
        }
        html.append("<section class=\"scenario\">\n<h2>Safety</h2>\n");
        for (final Figure item : figures)
        {
            if (null == item.chart().scenario())
            {
                figure(html, item, figure++);
            }
        }
        html.append("</section>\n</body>\n</html>\n");
        return html.toString();
    }

    private static void figure(final StringBuilder html, final Figure item, final int index)
    {
        html.append("<figure id=\"").append(escape(item.chart().stem())).append("\">\n<figcaption>")
            .append(escape(item.chart().title())).append("</figcaption>\n")
            .append(uniqueIds(ChartImage.inlineSvg(item.svg().getBytes(java.nio.charset.StandardCharsets.UTF_8)), "c" + index + "-"))
            .append("\n</figure>\n");
    }

    /** @return the SVG with every id and every reference to one prefixed. */
    static String uniqueIds(final String svg, final String prefix)
    {
        return svg.replace("id=\"", "id=\"" + prefix).replace("url(#", "url(#" + prefix).replace("href=\"#", "href=\"#" + prefix);
    }

    static String escape(final String text)
    {
        final StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            switch (c)
            {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&quot;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
