package org.electbench.spi;

import java.util.List;

/**
 * The settings an algorithm runs with for one cluster and network, and what in them is known to
 * distort its results.
 *
 * @param settings    what the nodes read: knobs left at their defaults raised where the
 *                    algorithm needs more, knobs given explicitly as given.
 * @param distortions one line per explicit setting known to distort the results, saying which,
 *                    the bound it misses and what goes wrong; empty when none does.
 */
public record DerivedSettings(ElectionSettings settings, List<String> distortions)
{
    public DerivedSettings
    {
        distortions = List.copyOf(distortions);
    }

    /** @return whether some setting is known to distort the results. */
    public boolean distorted()
    {
        return !distortions.isEmpty();
    }
}
