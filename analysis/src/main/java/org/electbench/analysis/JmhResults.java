package org.electbench.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.electbench.transport.InputFiles;

/**
 * Reads JMH's JSON result format ({@code -rf json}): an array of one object per benchmark and
 * parameter combination. Secondary metrics are read under the gc profiler's newer names:
 * JMH before 1.37 wrote {@code ·gc.alloc.rate.norm} with a leading middle dot, later ones
 * {@code gc.alloc.rate.norm}.
 */
public final class JmhResults
{
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final char OLD_PROFILER_PREFIX = '\u00b7';

    private JmhResults()
    {
    }

    /**
     * @param file a JMH JSON result file.
     * @return its results, in file order.
     * @throws AnalysisException when the file is missing, truncated, not JSON or not JMH's format.
     */
    public static List<JmhResult> read(final Path file)
    {
        final JsonNode root;
        try
        {
            final String tooLarge = InputFiles.tooLarge(file);
            if (null != tooLarge)
            {
                throw new AnalysisException(file, tooLarge);
            }
            root = MAPPER.readTree(Files.readAllBytes(file));
        }
        catch (final NoSuchFileException ex)
        {
            throw new AnalysisException(file, "no such file");
        }
        catch (final JacksonException ex)
        {
            throw new AnalysisException(file, "not valid JSON (truncated?): " + firstLine(ex.getOriginalMessage()), ex);
        }
        catch (final IOException ex)
        {
            throw new AnalysisException(file, "cannot read: " + ex.getMessage(), ex);
        }
        if (null == root || root.isMissingNode())
        {
            throw new AnalysisException(file, "empty file, expected a JMH JSON result array");
        }
        if (!root.isArray())
        {
            throw new AnalysisException(file, "not a JMH result file: expected a JSON array of benchmark results, found " +
                root.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
        }
        final List<JmhResult> results = new ArrayList<>();
        int index = 0;
        for (final JsonNode node : root)
        {
            results.add(result(file, index++, node));
        }
        return Collections.unmodifiableList(results);
    }

    private static JmhResult result(final Path file, final int index, final JsonNode node)
    {
        final String where = "result " + index + ": ";
        if (!node.isObject() || !node.path("benchmark").isTextual() || !node.path("primaryMetric").isObject())
        {
            throw new AnalysisException(file, where + "not a JMH result (needs \"benchmark\" and \"primaryMetric\")");
        }
        final SortedMap<String, String> params = new TreeMap<>();
        final Iterator<Map.Entry<String, JsonNode>> paramFields = node.path("params").fields();
        while (paramFields.hasNext())
        {
            final Map.Entry<String, JsonNode> field = paramFields.next();
            params.put(field.getKey(), field.getValue().asText());
        }
        final SortedMap<String, JmhResult.Score> secondary = new TreeMap<>();
        final Iterator<Map.Entry<String, JsonNode>> secondaryFields = node.path("secondaryMetrics").fields();
        while (secondaryFields.hasNext())
        {
            final Map.Entry<String, JsonNode> field = secondaryFields.next();
            final String name = field.getKey().charAt(0) == OLD_PROFILER_PREFIX ? field.getKey().substring(1) : field.getKey();
            secondary.put(name, score(file, where + "secondary metric " + field.getKey(), field.getValue()));
        }
        return new JmhResult(
            node.get("benchmark").asText(),
            node.path("mode").asText(""),
            Collections.unmodifiableSortedMap(params),
            score(file, where + "primaryMetric", node.get("primaryMetric")),
            Collections.unmodifiableSortedMap(secondary));
    }

    private static JmhResult.Score score(final Path file, final String where, final JsonNode node)
    {
        final double score = number(node.path("score"));
        if (Double.isNaN(score) && !node.path("score").isTextual())
        {
            throw new AnalysisException(file, where + " has no \"score\"");
        }
        final List<Double> raw = new ArrayList<>();
        for (final JsonNode fork : node.path("rawData"))
        {
            for (final JsonNode value : fork)
            {
                raw.add(number(value));
            }
        }
        final double[] rawData = new double[raw.size()];
        for (int i = 0; i < rawData.length; i++)
        {
            rawData[i] = raw.get(i);
        }
        return new JmhResult.Score(score, number(node.path("scoreError")), node.path("scoreUnit").asText(""), rawData);
    }

    /** JMH writes NaN and the infinities as strings. */
    private static double number(final JsonNode node)
    {
        if (node.isNumber())
        {
            return node.asDouble();
        }
        if (node.isTextual())
        {
            try
            {
                return Double.parseDouble(node.asText());
            }
            catch (final NumberFormatException ex)
            {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    static String firstLine(final String text)
    {
        if (null == text)
        {
            return "";
        }
        final int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }
}
