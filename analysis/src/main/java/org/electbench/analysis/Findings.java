package org.electbench.analysis;

import org.electbench.reporting.Cell;
import org.electbench.reporting.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A few sentences per scenario generated from its numbers: which algorithm reached a leader
 * fastest (named only where its median's 95% interval lies below every other's; a tie within
 * noise otherwise), under a long disturbance which kept, settled on or kept changing its leader,
 * which sent the fewest election messages, and which ever had two leaders at once. The
 * comparison is made per transport at the largest cluster size every algorithm ran, so the
 * algorithms are compared on the same ground.
 */
final class Findings
{
    static final String SPLIT_BRAIN = "splitBrain";
    /** A row's start-up rule, which a cold-start run report states (harness Parameters.START_UP). */
    static final String START_UP = "startUp";
    static final String ELECTION = "election";
    /** Runs the host made late (metric {@code hostLate}): a row with any is marked and draws no safety verdict. */
    static final String HOST_LATE = "hostLate";
    /** Late attempts measured again in their runs' place (metric {@code hostRemeasured}), per election. */
    static final String HOST_REMEASURED = "hostRemeasured";
    /** New majority leaders in a disturbance, and the share of it with one (per mille). */
    static final String LEADER_CHANGES = "leaderChanges";
    static final String AVAILABILITY = "availability";
    private static final String TIE = "tie within noise";
    /** A disturbance with at most this many leader changes on average settles; more is a livelock. */
    private static final double SETTLES_WITHIN_CHANGES = 2;

    private Findings()
    {
    }

    static List<String> of(final RunData data, final String scenario)
    {
        final List<String> sentences = new ArrayList<>();
        final SortedMap<String, List<RowKey>> byTransport = new TreeMap<>();
        for (final RowKey row : data.rows(scenario))
        {
            byTransport.computeIfAbsent(row.transport(), key -> new ArrayList<>()).add(row);
        }
        for (final var transport : byTransport.entrySet())
        {
            final int nodes = commonLargestNodes(transport.getValue());
            final List<RowKey> rows = new ArrayList<>();
            for (final RowKey row : transport.getValue())
            {
                if (row.nodes() == nodes)
                {
                    rows.add(row);
                }
            }
            final String where = "On " + transport.getKey() + (nodes > 0 ? " at n = " + nodes : "");
            final List<RowKey> distorted = rows.stream().filter(SameQuestion::distorted).toList();
            if (!distorted.isEmpty())
            {
                sentences.add(where + ", left out of every verdict (marked distortion by their own settings): " +
                    String.join("; ", distorted.stream().map(row -> row.algorithm() + label(row, rows)).toList()) + ".");
            }
            final List<RowKey> comparable = SameQuestion.undistorted(rows);
            final String fastest = SameQuestion.failover(scenario) ? fastest(data, comparable) : null;
            if (null != fastest)
            {
                sentences.add(where + ", " + fastest);
            }
            final String disturbance = disturbance(data, rows);
            if (null != disturbance)
            {
                sentences.add(where + ", " + disturbance);
            }
            final RowKey fewest = best(data, comparable, Charts.MESSAGES);
            final String fewestPick = fewestPick(data, comparable);
            if (fewestPick.startsWith(TIE))
            {
                // Some run of another row sent as few: the reading names no winner the picks withhold.
                sentences.add(where + ", fewest messages to a leader: " + fewestPick + " (per election " +
                    Numbers.format(data.cell(fewest, Charts.MESSAGES).value()) + " for " + fewest.algorithm() + label(fewest, comparable) +
                    others(data, comparable, fewest, Charts.MESSAGES, 1, "") + ").");
            }
            else if (null != fewest)
            {
                sentences.add(where + ", fewest messages to a leader: " + fewest.algorithm() + label(fewest, comparable) +
                    " (" + Numbers.format(data.cell(fewest, Charts.MESSAGES).value()) + " per election" +
                    others(data, comparable, fewest, Charts.MESSAGES, 1, "") + ").");
            }
        }
        final List<String> twoLeaders = new ArrayList<>();
        final List<String> hostLate = new ArrayList<>();
        final List<String> remeasured = new ArrayList<>();
        boolean measured = false;
        final List<RowKey> all = data.rows(scenario);
        for (final RowKey row : all)
        {
            final String name = row.algorithm() + label(row, all) + " on " + row.transport() + " at n = " + row.nodes();
            remeasured(data, row).ifPresent(runs -> remeasured.add(name + " (" + runs + ")"));
            final Cell cell = data.cell(row, SPLIT_BRAIN);
            final Cell late = data.cell(row, HOST_LATE);
            if (null != late && late.value() > 0)
            {
                hostLate.add(name + " (" +
                    Numbers.format(late.value()) + (1 == late.value() ? " run)" : " runs)"));
            }
            else if (null != cell)
            {
                measured = true;
                if (cell.value() > 0)
                {
                    twoLeaders.add(name + " (" +
                        Numbers.format(cell.value()) + " runs)");
                }
            }
        }
        if (measured)
        {
            sentences.add(twoLeaders.isEmpty() ? "No algorithm ever had two leaders at once." :
                "Two leaders at once: " + String.join("; ", twoLeaders) + ".");
        }
        if (!hostLate.isEmpty())
        {
            sentences.add("No safety verdict from rows measured while the machine could not keep its timers (marked): " +
                String.join("; ", hostLate) + ".");
        }
        if (!remeasured.isEmpty())
        {
            sentences.add("Runs the host made late, measured again with the same seed: " + String.join("; ", remeasured) + ".");
        }
        return sentences;
    }

    /**
     * @return how many late attempts a row measured again in its runs' place, as "2 late runs", or
     * nothing where it measured none again or does not say.
     */
    static Optional<String> remeasured(final RunData data, final RowKey row)
    {
        final Cell perElection = data.cell(row, HOST_REMEASURED);
        final Cell elections = data.cell(row, JmhSource.ELECTIONS);
        if (null == perElection || null == elections || perElection.value() <= 0)
        {
            return Optional.empty();
        }
        final long runs = Math.round(perElection.value() * elections.value());
        return Optional.of(runs + (1 == runs ? " late run" : " late runs"));
    }

    /**
     * What a reader picks by, for one scenario, transport and n: who fails over fastest (named only where its
     * convergence p50's 95% interval lies below every other's), who sends the fewest messages to a leader (named only
     * where it sent fewer in every run than any other did in any run, or where every count is exact and its is the
     * lowest), who never had two leaders; "tie within noise" where the figures cannot tell.
     *
     * @param scenario the scenario.
     * @param where the transport and n.
     * @param fastest the fastest failover, or "tie within noise: …", or empty without figures.
     * @param fewest the fewest messages, likewise.
     * @param neverTwoLeaders the algorithms that never had two leaders at once, "none", or why no verdict is drawn.
     */
    record Pick(String scenario, String where, String fastest, String fewest, String neverTwoLeaders)
    {
    }

    /** @return a pick per transport of the scenario, at the largest n every algorithm ran. */
    static List<Pick> picks(final RunData data, final String scenario)
    {
        final List<Pick> picks = new ArrayList<>();
        final SortedMap<String, List<RowKey>> byTransport = new TreeMap<>();
        for (final RowKey row : data.rows(scenario))
        {
            byTransport.computeIfAbsent(row.transport(), key -> new ArrayList<>()).add(row);
        }
        for (final var transport : byTransport.entrySet())
        {
            final int nodes = commonLargestNodes(transport.getValue());
            final List<RowKey> rows = transport.getValue().stream().filter(row -> row.nodes() == nodes).toList();
            final List<RowKey> comparable = SameQuestion.undistorted(rows);
            final Pick pick = new Pick(scenario, transport.getKey() + (nodes > 0 ? ", n = " + nodes : ""),
                SameQuestion.failover(scenario) ? fastestPick(data, comparable) : "", fewestPick(data, comparable),
                neverTwoLeaders(data, rows));
            if (!(pick.fastest() + pick.fewest() + pick.neverTwoLeaders()).isEmpty())
            {
                picks.add(pick);
            }
        }
        return picks;
    }

    /**
     * @return the row whose time to a leader (the election itself where start-up rules differ) has a 95% interval
     *     wholly below every other's, "tie within noise: …" otherwise, empty without two rows to compare.
     */
    private static String fastestPick(final RunData data, final List<RowKey> rows)
    {
        final String metric = SameQuestion.timeMetric(rows);
        final java.util.Map<RowKey, Estimate> estimates = new java.util.LinkedHashMap<>();
        for (final RowKey row : rows)
        {
            final Estimate estimate = Estimate.of(data.histogram(row, metric), 50);
            if (null != estimate)
            {
                estimates.put(row, estimate);
            }
        }
        if (estimates.size() < 2)
        {
            return "";
        }
        final List<RowKey> measured = new ArrayList<>(estimates.keySet());
        measured.sort(java.util.Comparator.comparingDouble(row -> estimates.get(row).value()));
        final RowKey best = measured.get(0);
        final List<RowKey> tied = new ArrayList<>(List.of(best));
        for (final RowKey row : measured.subList(1, measured.size()))
        {
            if (!estimates.get(best).separatedFrom(estimates.get(row)))
            {
                tied.add(row);
            }
        }
        final Estimate lowest = estimates.get(best);
        final String what = Findings.ELECTION.equals(metric) ? "election p50 " : "p50 ";
        final String withheld = SameQuestion.handicapWithheld(best, measured);
        return tied.size() > 1 ? "tie within noise: " + SameQuestion.names(tied, rows) : !withheld.isEmpty() ? withheld :
            best.algorithm() + label(best, rows) + " (" + what + Numbers.format(lowest.value() / 1e6) + " ms, 95% " +
                Numbers.format(lowest.low() / 1e6) + "–" + Numbers.format(lowest.high() / 1e6) + ")";
    }

    private static String fewestPick(final RunData data, final List<RowKey> rows)
    {
        final List<RowKey> counted = new ArrayList<>();
        for (final RowKey row : rows)
        {
            final Cell cell = data.cell(row, Charts.MESSAGES);
            if (null != cell && !Double.isNaN(cell.value()))
            {
                counted.add(row);
            }
        }
        if (counted.size() < 2)
        {
            return "";
        }
        counted.sort(java.util.Comparator.comparingDouble(row -> data.cell(row, Charts.MESSAGES).value()));
        final RowKey best = counted.get(0);
        final double[] bestRange = range(data, best);
        final List<RowKey> tied = new ArrayList<>(List.of(best));
        for (final RowKey row : counted.subList(1, counted.size()))
        {
            final double[] range = range(data, row);
            // Fewer in every run than the other in any run: no noise can reverse it.
            if (!(bestRange[1] < range[0]))
            {
                tied.add(row);
            }
        }
        return tied.size() > 1 ? "tie within noise: " + SameQuestion.names(tied, rows) :
            best.algorithm() + label(best, rows) + " (" + Numbers.format(data.cell(best, Charts.MESSAGES).value()) + " per election, fewer in every run)";
    }

    /** @return a row's smallest and largest messages to a leader in one run; the mean twice where unknown (exact counts). */
    private static double[] range(final RunData data, final RowKey row)
    {
        final double[] range = data.range(row, Charts.MESSAGES);
        final double mean = data.cell(row, Charts.MESSAGES).value();
        return null == range ? new double[] {mean, mean} : range;
    }

    private static String neverTwoLeaders(final RunData data, final List<RowKey> rows)
    {
        final List<RowKey> never = new ArrayList<>();
        final List<String> late = new ArrayList<>();
        boolean measured = false;
        for (final RowKey row : rows)
        {
            final Cell cell = data.cell(row, SPLIT_BRAIN);
            final Cell hostLate = data.cell(row, HOST_LATE);
            if (null != hostLate && hostLate.value() > 0)
            {
                late.add(row.algorithm() + label(row, rows));
            }
            else if (null != cell)
            {
                measured = true;
                if (cell.value() == 0)
                {
                    never.add(row);
                }
            }
        }
        if (!measured)
        {
            return late.isEmpty() ? "" : "no verdict: measured while the machine could not keep the timers";
        }
        final String verdict = never.isEmpty() ? "none" : SameQuestion.names(never, rows);
        return late.isEmpty() ? verdict : verdict + " (no verdict for " + String.join(", ", late) + ": the machine was late)";
    }

    /**
     * @return "fastest to a leader: X (p50 a ms, 95% b–c; …)" where X's interval lies wholly below
     *     every other's, "tie within noise" naming the algorithms whose intervals overlap the
     *     lowest, or null without figures.
     */
    private static String fastest(final RunData data, final List<RowKey> rows)
    {
        // Where each algorithm follows its own start-up rule (cold start), convergence holds the wait its
        // source mandates: compare the elections themselves, and state the rules.
        final boolean startUpRules = SameQuestion.startUpRules(rows);
        final String metric = SameQuestion.timeMetric(rows);
        final List<RowKey> measured = new ArrayList<>();
        final java.util.Map<RowKey, Estimate> estimates = new java.util.HashMap<>();
        for (final RowKey row : rows)
        {
            final Estimate estimate = Estimate.of(data.histogram(row, metric), 50);
            if (null != estimate)
            {
                measured.add(row);
                estimates.put(row, estimate);
            }
        }
        if (measured.isEmpty())
        {
            return null;
        }
        measured.sort(java.util.Comparator.comparingDouble(row -> estimates.get(row).value()));
        final RowKey best = measured.get(0);
        final Estimate lowest = estimates.get(best);
        final List<RowKey> tied = new ArrayList<>();
        for (final RowKey row : measured.subList(1, measured.size()))
        {
            if (!lowest.separatedFrom(estimates.get(row)))
            {
                tied.add(row);
            }
        }
        final StringBuilder figures = new StringBuilder();
        for (final RowKey row : measured)
        {
            final Estimate estimate = estimates.get(row);
            figures.append(figures.length() == 0 ? "" : "; ").append(row.algorithm()).append(label(row, rows)).append(' ')
                .append(Numbers.format(estimate.value() / 1e6)).append(" ms");
            if (estimate.hasInterval())
            {
                figures.append(" (").append(Numbers.format(estimate.low() / 1e6)).append("–")
                    .append(Numbers.format(estimate.high() / 1e6)).append(')');
            }
            figures.append(", ").append(estimate.count()).append(" elections");
        }
        final String rules = startUpRules ? " Start-up rules differ and are not an election's speed: " + startUpRules(measured) + "." : "";
        final String what = startUpRules ? "election p50 (first election message to agreement)" : "convergence p50";
        final String fastest = startUpRules ? "fastest election once a node stands: " : "fastest to a leader: ";
        if (measured.size() == 1)
        {
            return what + ": " + figures + "." + rules;
        }
        final String withheld = SameQuestion.handicapWithheld(best, measured);
        if (tied.isEmpty() && !withheld.isEmpty())
        {
            return fastest + withheld + " (" + what + " " + figures + ")." + rules;
        }
        if (tied.isEmpty())
        {
            return fastest + best.algorithm() + label(best, rows) + ", its 95% interval below every other's " +
                "(" + what + " " + figures + ")." + rules;
        }
        final List<String> names = new ArrayList<>(List.of(best.algorithm() + label(best, rows)));
        tied.forEach(row -> names.add(row.algorithm() + label(row, rows)));
        return fastest + "tie within noise between " + String.join(", ", names) +
            " (their 95% intervals overlap; " + what + " " + figures + ")." + rules;
    }

    /**
     * For a long disturbance (the incident scenarios): whether each row kept the leader of before,
     * settled after a change or two, or kept changing leader for the whole disturbance (H. Howard's
     * livelock of Raft without PreVote), with the mean leader changes and the best run's
     * availability; null where no row measured leader changes.
     */
    private static String disturbance(final RunData data, final List<RowKey> rows)
    {
        final List<String> verdicts = new ArrayList<>();
        for (final RowKey row : rows)
        {
            final Cell changes = data.cell(row, LEADER_CHANGES);
            if (null == changes || Double.isNaN(changes.value()) || changes.value() < 0)
            {
                continue;
            }
            final double mean = changes.value();
            final Cell twoLeaders = data.cell(row, Incidents.SPLIT_BRAIN_TIME);
            final org.HdrHistogram.Histogram stable = data.histogram(row, Incidents.STABLE_LEADER);
            final Cell runs = data.cell(row, JmhSource.ELECTIONS);
            final boolean neverSettled = null != runs && runs.value() > 0 && (null == stable || stable.getTotalCount() == 0);
            final String secondLeader = null == twoLeaders || twoLeaders.value() <= 0 ? "" :
                ", with two or more leaders " + Numbers.format(twoLeaders.value() / 1e6) + " ms a run (a minority's leader counts)";
            final String verdict = !secondLeader.isEmpty() && neverSettled ?
                "never settles: a second leader beside the majority's" + secondLeader :
                0 == mean ? "keeps the leader of before throughout" :
                mean <= SETTLES_WITHIN_CHANGES ? "settles after " + Numbers.format(mean) + " leader change" + (1 == mean ? "" : "s") :
                    "never settles, changing leader " + Numbers.format(mean) + " times";
            final Cell availability = data.cell(row, AVAILABILITY);
            final double meanAvailability = data.mean(row, AVAILABILITY);
            verdicts.add(row.algorithm() + label(row, rows) + " " + verdict + (neverSettled || secondLeader.isEmpty() ? "" : secondLeader) +
                (null == availability ? "" : " (a majority leader " + (Double.isNaN(meanAvailability) ? "" :
                Numbers.format(meanAvailability / 10) + " % of the time on average, ") + Numbers.format(availability.value() / 10) +
                " % of the time at best)"));
        }
        return verdicts.isEmpty() ? null : "through the disturbance: " + String.join("; ", verdicts) + ".";
    }

    private static String startUpRules(final List<RowKey> rows)
    {
        final java.util.Map<String, String> byAlgorithm = new java.util.TreeMap<>();
        for (final RowKey row : rows)
        {
            byAlgorithm.putIfAbsent(row.algorithm(), row.settings().getOrDefault(START_UP, "?"));
        }
        final List<String> rules = new ArrayList<>();
        byAlgorithm.forEach((algorithm, rule) -> rules.add(algorithm + " " + rule));
        return String.join("; ", rules);
    }

    private static int commonLargestNodes(final List<RowKey> rows)
    {
        final SortedMap<Integer, java.util.Set<String>> algorithmsByNodes = new TreeMap<>();
        final java.util.Set<String> algorithms = new java.util.TreeSet<>();
        for (final RowKey row : rows)
        {
            algorithms.add(row.algorithm());
            algorithmsByNodes.computeIfAbsent(row.nodes(), key -> new java.util.TreeSet<>()).add(row.algorithm());
        }
        int best = algorithmsByNodes.isEmpty() ? 0 : algorithmsByNodes.lastKey();
        for (final var entry : algorithmsByNodes.entrySet())
        {
            if (entry.getValue().size() == algorithms.size())
            {
                best = entry.getKey();
            }
        }
        return best;
    }

    private static RowKey best(final RunData data, final List<RowKey> rows, final String columnId)
    {
        RowKey best = null;
        for (final RowKey row : rows)
        {
            final Cell cell = data.cell(row, columnId);
            if (null != cell && !Double.isNaN(cell.value()) && (null == best || cell.value() < data.cell(best, columnId).value()))
            {
                best = row;
            }
        }
        return best;
    }

    static String label(final RowKey row, final List<RowKey> rows)
    {
        final long same = rows.stream().filter(other -> other.algorithm().equals(row.algorithm())).count();
        // Only what tells the algorithm's rows apart (raft's pre-vote and check-quorum), not every setting.
        final String variant = row.settingsText(Incidents.variants(rows));
        return same > 1 ? " [" + (variant.isEmpty() ? row.settingsText() : variant) + "]" : "";
    }

    private static String others(final RunData data, final List<RowKey> rows, final RowKey best, final String columnId,
        final double divisor, final String unit)
    {
        final StringBuilder text = new StringBuilder();
        for (final RowKey row : rows)
        {
            final Cell cell = data.cell(row, columnId);
            if (row != best && null != cell && !row.algorithm().equals(best.algorithm()))
            {
                text.append("; ").append(row.algorithm()).append(' ').append(Numbers.format(cell.value() / divisor)).append(unit);
            }
        }
        return text.toString();
    }
}
