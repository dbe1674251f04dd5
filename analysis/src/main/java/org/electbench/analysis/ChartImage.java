package org.electbench.analysis;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.imageio.ImageIO;

import de.erichseifert.vectorgraphics2d.Processors;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Renders an XChart chart as SVG (through VectorGraphics2D, the vector backend XChart's own
 * {@code VectorGraphicsEncoder} uses) and as PNG, with a footer under the plot that states the
 * environment the figures came from and the command that reproduces them, so a chart copied out
 * of its folder still says where it came from.
 */
final class ChartImage
{
    private static final int FOOTER_LINE_PX = 14;
    private static final Font FOOTER_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);

    private ChartImage()
    {
    }

    static byte[] svg(final Chart<?, ?> chart, final List<String> footer)
    {
        final VectorGraphics2D graphics = new VectorGraphics2D();
        paint(graphics, chart, footer);
        final PageSize page = new PageSize(0, 0, chart.getWidth(), height(chart, footer));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try
        {
            Processors.get("svg").getDocument(graphics.getCommands(), page).writeTo(out);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return out.toByteArray();
    }

    static byte[] png(final Chart<?, ?> chart, final List<String> footer)
    {
        final BufferedImage image = new BufferedImage(chart.getWidth(), height(chart, footer), BufferedImage.TYPE_INT_RGB);
        final Graphics2D graphics = image.createGraphics();
        try
        {
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            paint(graphics, chart, footer);
        }
        finally
        {
            graphics.dispose();
        }
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try
        {
            ImageIO.write(image, "png", out);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return out.toByteArray();
    }

    private static int height(final Chart<?, ?> chart, final List<String> footer)
    {
        return chart.getHeight() + (footer.isEmpty() ? 0 : FOOTER_LINE_PX * footer.size() + 8);
    }

    private static void paint(final Graphics2D graphics, final Chart<?, ?> chart, final List<String> footer)
    {
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, chart.getWidth(), height(chart, footer));
        chart.paint(graphics, chart.getWidth(), chart.getHeight());
        graphics.setFont(FOOTER_FONT);
        graphics.setColor(Color.DARK_GRAY);
        int y = chart.getHeight() + FOOTER_LINE_PX;
        for (final String line : footer)
        {
            graphics.drawString(line, 10, y);
            y += FOOTER_LINE_PX;
        }
    }
}
