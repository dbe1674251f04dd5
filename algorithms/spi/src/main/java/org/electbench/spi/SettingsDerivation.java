package org.electbench.spi;

import java.util.ArrayList;
import java.util.List;

import org.electbench.spi.ElectionSettings.Knob;

/**
 * Derives an algorithm's settings for a cluster and network from the settings given: a knob left
 * at its default that would distort the results is raised just above the bound it needs (to the
 * next 0.1 ms), and one every election waits out is lowered to that value where the bound is
 * known ({@link #waitedOut}); a knob given explicitly is kept as given, and if it misses the bound the run is
 * marked distorted with a line saying why, never silently. Used by
 * {@link ElectionAlgorithm#deriveSettings}:
 * <pre>{@code
 * public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
 * {
 *     return new SettingsDerivation(given, profile)
 *         .above(Knob.ELECTION_TIMEOUT, profile.roundTripBoundNs(), "twice " + profile.delayBoundName(),
 *             "a candidate stops waiting before a live peer's answer arrives")
 *         .finish();
 * }
 * }</pre>
 */
public final class SettingsDerivation
{
    /** Derived values are rounded up to this grid, so they read well in a table header. */
    public static final long GRID_NS = 100_000L;

    private final ElectionSettings given;
    private final ClusterProfile profile;
    private final ElectionSettings.Builder builder;
    private final List<String> distortions = new ArrayList<>();
    private final List<String> handicaps = new ArrayList<>();

    public SettingsDerivation(final ElectionSettings given, final ClusterProfile profile)
    {
        this.given = given;
        this.profile = profile;
        builder = given.toBuilder();
    }

    public ClusterProfile profile()
    {
        return profile;
    }

    /** @return the knob's value as derived so far. */
    public long knobNs(final Knob knob)
    {
        return builder.knobNs(knob);
    }

    /** @return whether the knob was given explicitly. */
    public boolean isExplicit(final Knob knob)
    {
        return given.isExplicit(knob);
    }

    /** @return an option's value as derived so far. */
    public <T> T get(final Parameter<T> option)
    {
        return builder.option(option);
    }

    /**
     * Keeps a knob strictly above a bound.
     *
     * @param knob        the knob.
     * @param boundNs     the value it must exceed.
     * @param bound       what the bound is, e.g. "twice the largest one-way delay".
     * @param consequence what goes wrong at or below it.
     * @return this.
     */
    public SettingsDerivation above(final Knob knob, final long boundNs, final String bound, final String consequence)
    {
        final long valueNs = builder.knobNs(knob);
        if (valueNs > boundNs)
        {
            return this;
        }
        if (given.isExplicit(knob))
        {
            distortion("--" + knob.optionName() + " " + Durations.human(valueNs) + " is not above " + bound + " (" +
                Durations.human(boundNs) + "): " + consequence);
        }
        else
        {
            builder.deriveKnobNs(knob, aboveNs(boundNs));
        }
        return this;
    }

    /**
     * Keeps a duration option strictly above a bound, as {@link #above(Knob, long, String, String)}
     * does a knob: raised when left at its default, reported when given at or below it.
     *
     * @return this.
     */
    public SettingsDerivation above(
        final Parameter<Long> option, final long boundNs, final String bound, final String consequence)
    {
        final long valueNs = builder.option(option);
        if (valueNs > boundNs)
        {
            return this;
        }
        if (given.isExplicit(option))
        {
            distortion("--" + option.name() + " " + Durations.human(valueNs) + " is not above " + bound + " (" +
                Durations.human(boundNs) + "): " + consequence);
        }
        else
        {
            builder.deriveOption(option, aboveNs(boundNs));
        }
        return this;
    }

    /**
     * A knob every election waits out (bully's wait for OK, quorum's voting window): each election
     * is slower by whatever it runs above the least value the algorithm needs ({@link #aboveNs} of
     * its bound), so one left at its default is derived to that least value wherever the bound
     * covers every delay (the simulator's delay laws: the maximum of a bounded one, the stated
     * quantile of an unbounded one). Kept as it is, and marked as a handicap a verdict on speed
     * must not read as the algorithm's own, when given explicitly above the least value, or where
     * messages overrun the bound ({@link ClusterProfile#partialBound()}): on a real transport,
     * whose own latency and scheduling a 0.1 ms margin would race, and on a lossy network (quorum
     * at n = 17 and 10 % loss at 2.1 ms: 7 of 12 seeds never settled, each with two leaders).
     *
     * @param knob    the knob.
     * @param boundNs the value it must exceed.
     * @return this.
     */
    public SettingsDerivation waitedOut(final Knob knob, final long boundNs)
    {
        final long leastNs = aboveNs(boundNs);
        final long valueNs = builder.knobNs(knob);
        if (valueNs <= leastNs)
        {
            return this;
        }
        if (!given.isExplicit(knob) && !profile.partialBound())
        {
            builder.deriveKnobNs(knob, leastNs);
            return this;
        }
        // The value is in the knob's own column; the mark names only the least, so rows that sweep it share one mark.
        handicaps.add(knob.symbol() + " above " + Durations.human(leastNs) + " derived");
        return this;
    }

    /**
     * @param text one line: which setting, the bound it misses, what goes wrong.
     * @return this.
     */
    public SettingsDerivation distortion(final String text)
    {
        distortions.add(text);
        return this;
    }

    /**
     * @return the derived settings (a coordinator timeout left at its default follows a raised
     *         election timeout up, as {@link ElectionSettings.Builder#build()} does).
     * @throws IllegalArgumentException when the derived settings are invalid.
     */
    public DerivedSettings finish()
    {
        return new DerivedSettings(builder.build(), distortions, handicaps);
    }

    /** @return the first multiple of {@link #GRID_NS} strictly above {@code boundNs}. */
    public static long aboveNs(final long boundNs)
    {
        return (Math.floorDiv(boundNs, GRID_NS) + 1) * GRID_NS;
    }
}
