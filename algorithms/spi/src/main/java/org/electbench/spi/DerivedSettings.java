package org.electbench.spi;

import java.util.List;

/**
 * The settings an algorithm runs with for one cluster and network, what in them is known to
 * distort its results, and what is known to slow it down (a wait every election sits through, set
 * above what the algorithm derives for itself).
 *
 * @param settings    what the nodes read: knobs left at their defaults raised where the
 *                    algorithm needs more, knobs given explicitly as given.
 * @param distortions one line per explicit setting known to distort the results, saying which,
 *                    the bound it misses and what goes wrong; empty when none does.
 * @param handicaps   one line per setting above the least value the algorithm derives for a wait
 *                    every election sits through, saying which and by how much; empty when none is.
 */
public record DerivedSettings(ElectionSettings settings, List<String> distortions, List<String> handicaps)
{
    public DerivedSettings
    {
        distortions = List.copyOf(distortions);
        handicaps = List.copyOf(handicaps);
    }

    public DerivedSettings(final ElectionSettings settings, final List<String> distortions)
    {
        this(settings, distortions, List.of());
    }

    /** @return whether some setting is known to distort the results. */
    public boolean distorted()
    {
        return !distortions.isEmpty();
    }

    /** @return whether some setting is known to slow every election down. */
    public boolean handicapped()
    {
        return !handicaps.isEmpty();
    }
}
