package org.electbench.analysis;

import java.util.Comparator;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;

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
        static final Comparator<String> NATURAL = Settings::compareNatural;

        private Settings()
        {
        }

        static int compareNatural(final String a, final String b)
        {
            int i = 0;
            int j = 0;
            while (i < a.length() && j < b.length())
            {
                final char ca = a.charAt(i);
                final char cb = b.charAt(j);
                if (Character.isDigit(ca) && Character.isDigit(cb))
                {
                    int endA = i;
                    while (endA < a.length() && Character.isDigit(a.charAt(endA)))
                    {
                        endA++;
                    }
                    int endB = j;
                    while (endB < b.length() && Character.isDigit(b.charAt(endB)))
                    {
                        endB++;
                    }
                    final int byValue = new java.math.BigInteger(a.substring(i, endA)).compareTo(new java.math.BigInteger(b.substring(j, endB)));
                    if (byValue != 0)
                    {
                        return byValue;
                    }
                    i = endA;
                    j = endB;
                }
                else
                {
                    if (ca != cb)
                    {
                        return Character.compare(ca, cb);
                    }
                    i++;
                    j++;
                }
            }
            return Integer.compare(a.length() - i, b.length() - j);
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
