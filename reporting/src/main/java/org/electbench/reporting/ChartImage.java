package org.electbench.reporting;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import de.erichseifert.vectorgraphics2d.Processors;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Renders a {@link NamedChart} as SVG (through VectorGraphics2D, the vector backend XChart's own
 * {@code VectorGraphicsEncoder} uses) and as PNG: the title and notes (wrapped to the width, so
 * none is cut off), the panels in their grid, and a footer that states the environment the
 * figures came from and the command that reproduces them, so a chart copied out of its folder
 * still says where it came from.
 */
public final class ChartImage
{
    static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    static final Font NOTE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font FOOTER_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final int MARGIN_PX = 10;
    /** Measures text as the PNG draws it, so the wrapping is the same in both formats. */
    private static final Graphics2D MEASURE = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();

    private ChartImage()
    {
    }

    public static byte[] svg(final NamedChart figure, final List<String> footer)
    {
        final Layout layout = new Layout(figure, footer);
        final VectorGraphics2D graphics = new VectorGraphics2D();
        paint(graphics, figure, layout);
        final PageSize page = new PageSize(0, 0, layout.width, layout.height);
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

    public static byte[] png(final NamedChart figure, final List<String> footer)
    {
        final BufferedImage image = image(figure, footer);
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

    /** @return the figure drawn, as the PNG holds it. */
    public static BufferedImage image(final NamedChart figure, final List<String> footer)
    {
        final Layout layout = new Layout(figure, footer);
        final BufferedImage image = new BufferedImage(layout.width, layout.height, BufferedImage.TYPE_INT_RGB);
        final Graphics2D graphics = image.createGraphics();
        try
        {
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            paint(graphics, figure, layout);
        }
        finally
        {
            graphics.dispose();
        }
        return image;
    }

    /** Where everything goes: the header's wrapped lines, the panels' grid, the footer's lines. */
    static final class Layout
    {
        final int panelWidth;
        final int panelHeight;
        final int columns;
        final int rows;
        final List<String> title = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final List<String> footer = new ArrayList<>();
        final int headerHeight;
        final int width;
        final int height;

        Layout(final NamedChart figure, final List<String> footerLines)
        {
            panelWidth = figure.chart().getWidth();
            panelHeight = figure.chart().getHeight();
            columns = Math.min(figure.columns(), figure.panels().size());
            rows = (figure.panels().size() + columns - 1) / columns;
            width = panelWidth * columns;
            final int textWidth = width - 2 * MARGIN_PX;
            if (figure.hasHeader())
            {
                title.addAll(wrap(figure.title(), TITLE_FONT, textWidth));
                figure.notes().forEach(note -> notes.addAll(wrap(note, NOTE_FONT, textWidth)));
            }
            footerLines.forEach(line -> footer.addAll(wrap(line, FOOTER_FONT, textWidth)));
            headerHeight = title.isEmpty() && notes.isEmpty() ? 0 :
                MARGIN_PX + title.size() * lineHeight(TITLE_FONT) + notes.size() * lineHeight(NOTE_FONT) + MARGIN_PX / 2;
            height = headerHeight + rows * panelHeight + (footer.isEmpty() ? 0 : footer.size() * lineHeight(FOOTER_FONT) + 8);
        }
    }

    static int lineHeight(final Font font)
    {
        return MEASURE.getFontMetrics(font).getHeight();
    }

    static int textWidth(final String text, final Font font)
    {
        return MEASURE.getFontMetrics(font).stringWidth(text);
    }

    /** @return the text cut into lines no wider than {@code widthPx}, at spaces (a word wider than that stands alone). */
    static List<String> wrap(final String text, final Font font, final int widthPx)
    {
        final FontMetrics metrics = MEASURE.getFontMetrics(font);
        final List<String> lines = new ArrayList<>();
        final StringBuilder line = new StringBuilder();
        for (final String word : text.split(" "))
        {
            if (line.length() > 0 && metrics.stringWidth(line + " " + word) > widthPx)
            {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        if (line.length() > 0)
        {
            lines.add(line.toString());
        }
        return lines;
    }

    private static void paint(final Graphics2D graphics, final NamedChart figure, final Layout layout)
    {
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, layout.width, layout.height);
        int y = MARGIN_PX;
        graphics.setColor(Color.BLACK);
        y = lines(graphics, layout.title, TITLE_FONT, y, layout.width, true);
        graphics.setColor(Color.DARK_GRAY);
        lines(graphics, layout.notes, NOTE_FONT, y, layout.width, false);
        for (int i = 0; i < figure.panels().size(); i++)
        {
            final Chart<?, ?> panel = figure.panels().get(i);
            final int x = i % layout.columns * layout.panelWidth;
            final int top = layout.headerHeight + i / layout.columns * layout.panelHeight;
            final Graphics2D area = (Graphics2D)graphics.create(x, top, layout.panelWidth, layout.panelHeight);
            try
            {
                panel.paint(area, layout.panelWidth, layout.panelHeight);
            }
            finally
            {
                area.dispose();
            }
        }
        graphics.setColor(Color.DARK_GRAY);
        lines(graphics, layout.footer, FOOTER_FONT, layout.headerHeight + layout.rows * layout.panelHeight + 4, layout.width, false);
    }

    private static int lines(final Graphics2D graphics, final List<String> lines, final Font font, final int top, final int width,
        final boolean centred)
    {
        graphics.setFont(font);
        final FontMetrics metrics = graphics.getFontMetrics(font);
        int y = top;
        for (final String line : lines)
        {
            final int x = centred ? Math.max(MARGIN_PX, (width - metrics.stringWidth(line)) / 2) : MARGIN_PX;
            graphics.drawString(line, x, y + metrics.getAscent());
            y += metrics.getHeight();
        }
        return y;
    }
}
