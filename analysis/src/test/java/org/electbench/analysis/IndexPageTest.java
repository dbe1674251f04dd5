package org.electbench.analysis;

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
    void everyChartTitleIsInTheRenderedPageAndTheScreenshotIsNotBlank() throws Exception
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
        assertTrue(dom.contains("<svg"), "no inline chart in the rendered page");
        assertTrue(dom.contains("./electbench run --quick"), "the reproducing command is missing");

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
