package org.electbench.analysis;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.electbench.harness.Parameters;

/**
 * Turns a parameter map (a run report's or a JMH result's {@code @Param}s) into a row key.
 * Run reports say {@code runtime}, the benchmarks {@code transport}; both mean the runtime.
 * The seed picks runs, not a setting, so it names no row.
 */
final class RowKeys
{
    static final String ALGORITHM = Parameters.ALGORITHM;
    static final String NODES = Parameters.NODES;
    static final String SCENARIO = Parameters.SCENARIO;
    static final String RUNTIME = Parameters.RUNTIME;
    /** The benchmarks' name for the runtime parameter. */
    static final String TRANSPORT = "transport";
    static final String SEED = Parameters.SEED;
    static final String HEARTBEAT = Parameters.HEARTBEAT;
    static final String ELECTION_TIMEOUT = Parameters.ELECTION_TIMEOUT;
    static final String NONE = "-";

    private RowKeys()
    {
    }

    /**
     * @param params the parameters.
     * @param scenarioIfNone the table to put the row in when the parameters name no scenario.
     * @return the row key.
     */
    static RowKey rowKey(final Map<String, String> params, final String scenarioIfNone)
    {
        final SortedMap<String, String> settings = new TreeMap<>(params);
        final String scenario = orElse(settings.remove(SCENARIO), scenarioIfNone);
        final String algorithm = orElse(settings.remove(ALGORITHM), NONE);
        final String nodes = settings.remove(NODES);
        final String runtime = settings.remove(RUNTIME);
        final String transport = settings.remove(TRANSPORT);
        settings.remove(SEED);
        int n = 0;
        if (null != nodes)
        {
            try
            {
                n = Integer.parseInt(nodes.trim());
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("parameter nodes is not a whole number: '" + nodes + "'");
            }
        }
        return new RowKey(scenario, algorithm, n, orElse(null != runtime ? runtime : transport, NONE), settings);
    }

    private static String orElse(final String value, final String otherwise)
    {
        return null == value ? otherwise : value;
    }
}
