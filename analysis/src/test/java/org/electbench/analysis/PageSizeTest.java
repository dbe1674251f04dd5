package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A full run's page opens: under 3 MB, the reading first, the big tables linked as CSV and JSON rather than drawn. */
class PageSizeTest
{
    @Test
    void aFullRunsPageStaysUnderThreeMegabytes()
    {
        final RunData data = FullRun.data();
        final List<IndexPage.Figure> figures = new ArrayList<>();
        Charts.all(data).forEach(chart -> figures.add(new IndexPage.Figure(chart)));
        final String html = IndexPage.html(data, "full", figures);
        final int bytes = html.getBytes(StandardCharsets.UTF_8).length;

        assertTrue(data.rows().size() > 900, "a full run's rows: " + data.rows().size());
        assertTrue(bytes <= 3 * 1024 * 1024, "index.html of a full run is " + bytes + " bytes");
        assertTrue(html.indexOf("id=\"pick\"") < html.indexOf("class=\"scenario\""), "the reading is not first");
        assertTrue(html.contains("tie within noise"), "the made-up rows overlap: a tie within noise is said");
        assertTrue(html.contains(" columns, values in each metric's own unit: <a href=\"tables/leader-crash.csv\">CSV</a>"),
            "the full tables are linked");
        assertTrue(!html.contains("<details><summary>All "), "no hundred-column table drawn");
        assertTrue(html.contains("id=\"incidents\""), "no incidents section");
    }
}
