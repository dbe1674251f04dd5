package org.electbench.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which rows pose the same question, so a verdict ("fastest", "fewest", "never two leaders") may
 * compare them: a failover only where one happens (an incident's convergence is the rejoin after
 * its heal, not a failover), the election itself where start-up rules differ (a start-up wait is
 * reported apart), never a row marked {@code distortion} (a setting the algorithm itself
 * says distorts its results), and no fastest over a row marked {@code handicap} (a wait every
 * election sits through, run above what the algorithm derives for itself). Names a verdict at most {@value #MOST_NAMED} entries, and "all
 * variants of raft" where that is what it means.
 */
final class SameQuestion
{
    /** The run parameter that marks a row whose explicit settings distort its results (harness Parameters.DISTORTION). */
    static final String DISTORTION = "distortion";
    /** The run parameter that marks a row run above the least wait its algorithm derives (harness Parameters.HANDICAP). */
    static final String HANDICAP = "handicap";
    static final int MOST_NAMED = 3;

    private SameQuestion()
    {
    }

    /** @return whether the scenario has a failover to time: not an incident, where convergence is measured from the heal. */
    static boolean failover(final String scenario)
    {
        return null == Incidents.incident(scenario);
    }

    /** @return whether the row is marked as distorted by its own settings. */
    static boolean distorted(final RowKey row)
    {
        return row.settings().containsKey(DISTORTION);
    }

    /** @return whether the row ran a wait every election sits through above what its algorithm derives for it. */
    static boolean handicapped(final RowKey row)
    {
        return row.settings().containsKey(HANDICAP);
    }

    /**
     * @param best the row a speed verdict would name.
     * @param rows the rows it beat.
     * @return why no fastest may be named: the rows it beat that ran handicapped, as "bully (T_elec 10ms &gt; 2.1ms
     *     derived)", or empty where none did (a handicapped winner won despite it, so it stands).
     */
    static String handicapWithheld(final RowKey best, final List<RowKey> rows)
    {
        final List<String> behind = new ArrayList<>();
        for (final RowKey row : rows)
        {
            if (row != best && handicapped(row))
            {
                behind.add(row.algorithm() + Findings.label(row, rows) + " (" + row.settings().get(HANDICAP) + ")");
            }
        }
        return behind.isEmpty() ? "" : "no verdict: " + String.join(", ", behind) +
            " ran a wait every election sits through above what the algorithm derives for it";
    }

    /** @return the rows a winner may be drawn from: those not marked {@code distortion}. */
    static List<RowKey> undistorted(final List<RowKey> rows)
    {
        return rows.stream().filter(row -> !distorted(row)).toList();
    }

    /** @return whether every row states a start-up rule, so time to a leader holds waits the sources mandate. */
    static boolean startUpRules(final List<RowKey> rows)
    {
        return rows.stream().anyMatch(row -> row.settings().containsKey(Findings.START_UP));
    }

    /** @return the figure a time-to-leader verdict compares: the election itself where start-up rules differ, convergence otherwise. */
    static String timeMetric(final List<RowKey> rows)
    {
        return startUpRules(rows) ? Findings.ELECTION : Charts.CONVERGENCE;
    }

    /**
     * @param named the rows a verdict names, in order.
     * @param rows  the rows it compared.
     * @return their names: "all" where every row is named, "all variants of X" for an algorithm whose
     *     every row is named, and at most {@value #MOST_NAMED} entries ("and k more" past them).
     */
    static String names(final List<RowKey> named, final List<RowKey> rows)
    {
        if (named.size() == rows.size() && named.size() > 1)
        {
            return "all";
        }
        final Map<String, List<RowKey>> byAlgorithm = new LinkedHashMap<>();
        for (final RowKey row : named)
        {
            byAlgorithm.computeIfAbsent(row.algorithm(), key -> new ArrayList<>()).add(row);
        }
        final List<String> entries = new ArrayList<>();
        for (final Map.Entry<String, List<RowKey>> algorithm : byAlgorithm.entrySet())
        {
            final long all = rows.stream().filter(row -> row.algorithm().equals(algorithm.getKey())).count();
            if (algorithm.getValue().size() == all && all > 1)
            {
                entries.add("all variants of " + algorithm.getKey());
            }
            else
            {
                algorithm.getValue().forEach(row -> entries.add(row.algorithm() + Findings.label(row, rows)));
            }
        }
        if (entries.size() <= MOST_NAMED)
        {
            return String.join(", ", entries);
        }
        return String.join(", ", entries.subList(0, MOST_NAMED)) + " and " + (entries.size() - MOST_NAMED) + " more";
    }
}
