package org.electbench.transport.chaos;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The kinds of fault a chaos schedule may draw; {@link ChaosSchedule} says what each one does.
 * {@link #RECOVER} draws nothing by itself: it lets crashed nodes come back. The last three are
 * partial connectivity, drawn from the incident scenarios' vocabulary
 * ({@link org.electbench.transport.FaultPatterns}): a random subset of links cut, a flapping link,
 * a slow node.
 */
public enum ChaosFault
{
    CRASH,
    RECOVER,
    PAUSE,
    PARTITION,
    ONEWAY,
    LOSS,
    PARTIAL,
    FLAP,
    SLOW;

    /** Every kind, in declaration order. */
    public static final Set<ChaosFault> ALL = Collections.unmodifiableSet(EnumSet.allOf(ChaosFault.class));
    /** Partial connectivity: what {@code chaos --no-partial} leaves out. */
    public static final Set<ChaosFault> PARTIAL_CONNECTIVITY = Collections.unmodifiableSet(EnumSet.of(PARTIAL, FLAP, SLOW));
    /**
     * Every kind but partial connectivity: the textbook faults, whose schedules for a seed are
     * the ones chaos drew before it drew partial partitions (kinds are drawn in declaration order).
     */
    public static final Set<ChaosFault> TEXTBOOK = Collections.unmodifiableSet(EnumSet.complementOf(EnumSet.of(PARTIAL, FLAP, SLOW)));

    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    public static String acceptedNames()
    {
        return Arrays.stream(values()).map(ChaosFault::cliName).collect(Collectors.joining(", "));
    }

    /**
     * @param list comma-separated kinds as on the command line, e.g. {@code crash,recover,partition}.
     * @return the kinds, in declaration order.
     * @throws IllegalArgumentException naming the first unknown kind and the accepted ones, or an empty
     *                                  list, or {@code recover} without {@code crash}.
     */
    public static Set<ChaosFault> parseList(final String list)
    {
        final EnumSet<ChaosFault> kinds = EnumSet.noneOf(ChaosFault.class);
        for (final String part : list.split(",", -1))
        {
            final String name = part.trim().toLowerCase(Locale.ROOT);
            ChaosFault found = null;
            for (final ChaosFault kind : values())
            {
                if (kind.cliName().equals(name))
                {
                    found = kind;
                }
            }
            if (null == found)
            {
                throw new IllegalArgumentException("'" + part.trim() + "' is not a fault kind; accepted: " + acceptedNames());
            }
            kinds.add(found);
        }
        return requireDrawable(kinds);
    }

    /**
     * @param kinds the kinds a schedule may draw.
     * @return the same kinds, when a schedule can be drawn from them.
     * @throws IllegalArgumentException when there is nothing to draw.
     */
    public static Set<ChaosFault> requireDrawable(final Set<ChaosFault> kinds)
    {
        if (kinds.isEmpty())
        {
            throw new IllegalArgumentException("no fault kinds given; accepted: " + acceptedNames());
        }
        if (kinds.contains(RECOVER) && !kinds.contains(CRASH))
        {
            throw new IllegalArgumentException("'recover' brings crashed nodes back, so it needs 'crash' too");
        }
        return kinds;
    }

    /** @return the kinds as on the command line, comma-separated, in declaration order. */
    public static String toCliList(final Set<ChaosFault> kinds)
    {
        return kinds.stream().sorted().map(ChaosFault::cliName).collect(Collectors.joining(","));
    }
}
