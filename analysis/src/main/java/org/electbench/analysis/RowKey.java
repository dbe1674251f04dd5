package org.electbench.analysis;

import java.util.Comparator;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;

import org.electbench.reporting.NaturalOrder;

/**
 * Which row of which table a figure belongs to: the scenario names the table, algorithm × n
 * (then transport and the other settings) the row.
 *
 * @param scenario the scenario (or, for benchmarks with none, the benchmark).
 * @param algorithm the algorithm.
 * @param nodes the cluster size; 0 when the benchmark has none.
 * @param transport the runtime.
 * @param settings every other parameter, by name.
 */
public record RowKey(String scenario, String algorithm, int nodes, String transport, SortedMap<String, String> settings)
    implements Comparable<RowKey>
{
    private static final Comparator<RowKey> ORDER = Comparator.comparing(RowKey::scenario)
        .thenComparing(RowKey::algorithm)
        .thenComparing(RowKey::transport)
        .thenComparingInt(RowKey::nodes)
        .thenComparing(key -> key.settingsText(), Settings.NATURAL);

    @Override
    public int compareTo(final RowKey other)
    {
        return ORDER.compare(this, other);
    }

    /** @return the settings as {@code name=value} pairs, space-separated, in name order. */
    public String settingsText()
    {
        return settings.entrySet().stream().map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining(" "));
    }

    /** @return the settings named, as text, for series labels. */
    public String settingsText(final Iterable<String> names)
    {
        final StringBuilder text = new StringBuilder();
        for (final String name : names)
        {
            final String value = settings.get(name);
            if (null != value)
            {
                text.append(text.length() == 0 ? "" : " ").append(name).append('=').append(value);
            }
        }
        return text.toString();
    }

    /** Orders text with numbers inside it by their value, so n=9 comes before n=17. */
    static final class Settings
    {
        static final Comparator<String> NATURAL = NaturalOrder.DIGITS;

        private Settings()
        {
        }
    }

    /** @return the parameters as one map, for matching rows across runs. */
    public SortedMap<String, String> asMap()
    {
        final SortedMap<String, String> all = new java.util.TreeMap<>(settings);
        all.put("scenario", scenario);
        all.put("algorithm", algorithm);
        all.put("nodes", String.valueOf(nodes));
        all.put("transport", transport);
        return all;
    }

    static String describe(final Map<String, String> params)
    {
        return params.toString();
    }
}
