package org.electbench.analysis;

import org.electbench.reporting.ChartImage;
import org.electbench.reporting.NamedChart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report page in a real browser: headless Chromium renders index.html from the file, as a
 * user opening it offline would.
 */
class IndexPageTest
{
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path temp;

    @Test
    void pageOpensWithTheReadingFirstEveryChartLoadedAndNothingCutOff() throws Exception
    {
        assumeTrue(Files.isExecutable(CHROMIUM),
            "Chromium is not installed at " + CHROMIUM + " (apt-get install chromium; .ci/run does it): the report page was NOT rendered in a browser");
        final Path run = SampleRun.create(temp.resolve("run"));
        final RunData data = RunFolders.read(List.of(run), Declarations::lookup);
        ReportWriter.write(data, run.resolve("report"));
        final Path index = run.resolve("report/index.html");
        final List<NamedChart> charts = Charts.all(data);
        assertFalse(charts.isEmpty());

        final String dom = chromium("--dump-dom", index.toUri().toString());
        for (final NamedChart chart : charts)
        {
            assertTrue(dom.contains(IndexPage.escape(chart.title())), "no '" + chart.title() + "' in the rendered page");
        }
        assertTrue(dom.contains("<img src=\"charts/"), "no chart in the rendered page");
        assertTrue(dom.contains("./electbench run --quick"), "the reproducing command is missing");
        assertTrue(dom.indexOf("id=\"pick\"") < dom.indexOf("class=\"scenario\""), "the reading is not first");
        assertTrue(dom.contains("fastest failover") && dom.contains("never two leaders"), "no 'to pick for' table");
        assertTrue(dom.contains("href=\"#scenario-leader-crash\""), "no table of contents");

        // The layout as a reader sees it: every chart loaded and within the page, no title or caption cut off, nothing
        // scrolling sideways. A copy of the page with a measuring script, so the page itself stays script-free.
        final String page = Files.readString(index).replace(" loading=\"lazy\"", "");
        final Path check = index.resolveSibling("layout-check.html");
        Files.writeString(check, page.replace("</body>", LAYOUT_CHECK + "</body>"));
        final String checked = chromium("--virtual-time-budget=20000", "--window-size=1280,1000", "--dump-dom", check.toUri().toString());
        final int at = checked.indexOf("<pre id=\"layout-check\">");
        assertTrue(at >= 0, "the layout check did not run");
        assertEquals("ok", checked.substring(at + "<pre id=\"layout-check\">".length(), checked.indexOf("</pre>", at)));
        // Inside each image, as XChart laid it out: no panel title or legend cut off, no legend over a plot, no tick labels run together.
        for (final NamedChart chart : charts)
        {
            ChartImage.image(chart, ReportWriter.footer(data));
            for (final org.knowm.xchart.internal.chartpart.Chart<?, ?> panel : chart.panels())
            {
                assertEquals(List.of(), ChartLayout.problems(chart.stem(), panel));
            }
        }
        assertTrue(Files.size(index) < 3 * 1024 * 1024, "index.html is " + Files.size(index) + " bytes");

        final Path screenshot = temp.resolve("page.png");
        chromium("--screenshot=" + screenshot, "--window-size=1200,1600", index.toUri().toString());
        final BufferedImage image = ImageIO.read(screenshot.toFile());
        assertEquals(1200, image.getWidth());
        final Set<Integer> colours = new HashSet<>();
        long inked = 0;
        for (int y = 0; y < image.getHeight(); y += 2)
        {
            for (int x = 0; x < image.getWidth(); x += 2)
            {
                final int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                if (rgb != 0xFFFFFF)
                {
                    inked++;
                }
            }
        }
        assertTrue(colours.size() > 50, "a screenshot of " + colours.size() + " colours looks blank");
        assertTrue(inked > image.getWidth() * image.getHeight() / 4 / 100, "under 1% of the screenshot is drawn on");
    }

    private static final String LAYOUT_CHECK = String.join("\n",
        "<script>",
        "window.addEventListener('load', () => {",
        "  const problems = [];",
        "  const width = document.documentElement.clientWidth;",
        "  document.querySelectorAll('img').forEach(img => {",
        "    if (!img.complete || img.naturalWidth === 0) problems.push('not loaded: ' + img.alt);",
        "    const box = img.getBoundingClientRect();",
        "    if (box.right > width + 1) problems.push('wider than the page: ' + img.alt);",
        // Drawn whole (no crop, no stretch) and at a scale whose 11 px legend text stays readable.
        "    const scale = box.width / img.naturalWidth;",
        "    if (Math.abs(box.height / img.naturalHeight - scale) > 0.01) problems.push('cropped or stretched: ' + img.alt);",
        "    if (scale < 0.75) problems.push('shrunk to ' + Math.round(scale * 100) + '%, its text unreadable: ' + img.alt);",
        "  });",
        "  document.querySelectorAll('figcaption, h1, h2, h3, summary').forEach(e => {",
        "    if (e.scrollWidth > e.clientWidth + 1) problems.push('cut off: ' + e.textContent);",
        "  });",
        "  if (document.documentElement.scrollWidth > width + 1) problems.push('the page scrolls sideways');",
        "  const out = document.createElement('pre');",
        "  out.id = 'layout-check';",
        "  out.textContent = problems.length ? problems.join(' / ') : 'ok';",
        "  document.body.appendChild(out);",
        "});",
        "</script>\n");

    private String chromium(final String... args) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--user-data-dir=" + Files.createTempDirectory(temp, "chromium")));
        command.addAll(List.of(args));
        final Path out = Files.createTempFile(temp, "chromium", ".out");
        final Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(180, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            throw new AssertionError("Chromium did not finish within 180 s: " + command);
        }
        assertEquals(0, process.exitValue(), "Chromium failed: " + command);
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
