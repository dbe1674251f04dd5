package org.electbench.analysis;

import org.electbench.reporting.Numbers;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.electbench.harness.Parameters;
import org.electbench.transport.parameters.RunParameters;

/**
 * Turns a parameter map (a run report's or a JMH result's {@code @Param}s) into a row key.
 * Run reports say {@code runtime}, the benchmarks {@code transport}; both mean the runtime.
 * The seed picks runs, not a setting, so it names no row.
 */
final class RowKeys
{
    static final String ALGORITHM = Parameters.ALGORITHM;
    static final String NODES = RunParameters.NODES.key();
    static final String SCENARIO = RunParameters.SCENARIO.key();
    static final String RUNTIME = Parameters.RUNTIME;
    /** The benchmarks' name for the runtime parameter. */
    static final String TRANSPORT = "transport";
    static final String SEED = Parameters.SEED;
    static final String HEARTBEAT = RunParameters.HEARTBEAT.key();
    static final String ELECTION_TIMEOUT = RunParameters.ELECTION_TIMEOUT.key();
    static final String NONE = "-";
    /** The benchmarks' parameter holding the algorithms' own options, {@code NAME:VALUE} joined by {@code +}. */
    static final String OPTIONS = "options";
    /** A benchmark's word for "the algorithm derives it". */
    static final String AUTO = "auto";

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
        // The benchmarks carry the algorithms' options in one parameter; the reports name each.
        final String options = settings.remove(OPTIONS);
        if (null != options)
        {
            settings.putAll(RunParameters.optionsFromText(options));
        }
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

    /** @return the row of a benchmark that measures no elections: in the benchmark's own table, its scenario a setting. */
    static RowKey benchmarkRow(final Map<String, String> params, final String benchmark)
    {
        final RowKey row = rowKey(params, benchmark);
        if (row.scenario().equals(benchmark))
        {
            return row;
        }
        final SortedMap<String, String> settings = new TreeMap<>(row.settings());
        settings.put(SCENARIO, row.scenario());
        return new RowKey(benchmark, row.algorithm(), row.nodes(), row.transport(), settings);
    }

    /**
     * The benchmarks spell some settings their own way ({@code loss=0} for a report's {@code 0.0},
     * {@code coordinatorTimeout=auto} for the derived {@code 30ms}) and carry ones the reports leave
     * out, so a benchmark's row joins the run report's row of the same scenario, algorithm, n and
     * transport whose settings agree wherever both name one, or the only run report of that cell.
     *
     * @param row a benchmark's row.
     * @param reported the rows run reports describe (never rows made from benchmark results, whose
     *     {@code auto} settings would agree with every row of their cell).
     * @return the run reports' rows it can be: one, or several when its {@code auto} settings agree
     *     with several (a row of derived defaults beside a sweep of the same cell), or none.
     */
    static java.util.List<RowKey> matching(final RowKey row, final java.util.Collection<RowKey> reported)
    {
        final java.util.List<RowKey> agreeing = new java.util.ArrayList<>();
        final java.util.List<RowKey> cell = new java.util.ArrayList<>();
        for (final RowKey candidate : reported)
        {
            if (candidate.scenario().equals(row.scenario()) && candidate.algorithm().equals(row.algorithm()) &&
                candidate.nodes() == row.nodes() && candidate.transport().equals(row.transport()))
            {
                cell.add(candidate);
                if (agree(candidate, row))
                {
                    agreeing.add(candidate);
                }
            }
        }
        // Else the one run report of that cell: the benchmark's parameters spell what the scenario derives (the loss of
        // `lossy`, the options of another algorithm) as their defaults, so they may disagree and still be this cell.
        return !agreeing.isEmpty() || cell.size() != 1 ? agreeing : cell;
    }

    private static boolean agree(final RowKey a, final RowKey b)
    {
        for (final Map.Entry<String, String> setting : a.settings().entrySet())
        {
            final String other = b.settings().get(setting.getKey());
            if (null != other && !sameSetting(setting.getValue(), other))
            {
                return false;
            }
        }
        return true;
    }

    static boolean sameSetting(final String a, final String b)
    {
        if (a.equals(b) || AUTO.equals(a) || AUTO.equals(b))
        {
            return true;
        }
        final double durationA = Numbers.toMillis(a);
        final double durationB = Numbers.toMillis(b);
        return !Double.isNaN(durationA) && durationA == durationB;
    }

    private static String orElse(final String value, final String otherwise)
    {
        return null == value ? otherwise : value;
    }
}
