package org.electbench.reference;

import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

import org.HdrHistogram.Histogram;

/**
 * One row of reference measurements: a system at a size under a scenario, every failover kept as
 * measured (unconverged ones included), written to a run folder as
 * {@code reference/<system>-<scenario>-n<nodes>.json} in format {@link #FORMAT}.
 *
 * @param format             {@link #FORMAT}.
 * @param system             the system's name.
 * @param implementation     the implementation and version that ran.
 * @param scenario           the scenario's name.
 * @param nodes              the cluster size.
 * @param settings           the settings, in the system's own keys.
 * @param detectionSilenceNs the detection silence those settings give (what textbook rows are compared at).
 * @param failovers          every failover, in order.
 * @param matching           how the settings were matched to the textbook rows' timing (their D and HBT, and which
 *                           keys carry them), or null when they were given as they are.
 * @param freshClusters      how often the cluster did not settle on a leader serving writes before a fault and a fresh
 *                           one was started for the rest of the row (no failover lost: the fault had not hit).
 */
public record ReferenceRow(String format, String system, String implementation, String scenario, int nodes,
    Map<String, String> settings, long detectionSilenceNs, List<Failover> failovers, String matching, int freshClusters)
{
    /** The format tag analysis recognizes. */
    public static final String FORMAT = "electbench-reference-row/1";
    /** The folder of a run folder that holds reference rows. */
    public static final String FOLDER = "reference";

    public ReferenceRow
    {
        settings = Map.copyOf(settings);
        failovers = List.copyOf(failovers);
    }

    /** @return the file name inside {@link #FOLDER}, built from the row's parameters. */
    public String fileName()
    {
        return system + "-" + scenario + "-n" + nodes + ".json";
    }

    /** @return the histogram of a measure over the converged failovers (values ≥ 0), in nanoseconds. */
    public Histogram histogram(final ToLongFunction<Failover> measure)
    {
        final Histogram histogram = new Histogram(3);
        for (final Failover failover : failovers)
        {
            final long value = measure.applyAsLong(failover);
            if (value >= 0)
            {
                histogram.recordValue(value);
            }
        }
        return histogram;
    }

    public long unconverged()
    {
        return failovers.stream().filter(failover -> !failover.converged()).count();
    }

    public long hostLate()
    {
        return failovers.stream().filter(Failover::hostLate).count();
    }

    public long staleWrites()
    {
        return failovers.stream().mapToLong(Failover::staleWrites).sum();
    }
}
