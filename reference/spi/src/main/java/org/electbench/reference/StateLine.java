package org.electbench.reference;

/**
 * The lines a node process writes and the parent reads: one event each, space separated, the
 * instant first. Anything else a node prints (its system's own logging) is ignored.
 *
 * @param kind     {@code S} (state), {@code W} (write committed as leader), {@code L} (late wake), {@code R} (ready).
 * @param nanos    when, on System.nanoTime.
 * @param role     for {@code S}: the role; else null.
 * @param leaderId for {@code S}: the leader named, 0 for none.
 * @param value    for {@code S} and {@code W}: the term; for {@code L}: how late, in nanoseconds.
 */
public record StateLine(char kind, long nanos, NodeRole role, int leaderId, long value)
{
    private static final String PREFIX = "@eb ";
    /** The line a node writes once its system is up. */
    static final String READY = PREFIX + "R";

    static String state(final long nanos, final NodeRole role, final int leaderId, final long term)
    {
        return PREFIX + "S " + nanos + ' ' + role.name() + ' ' + leaderId + ' ' + term;
    }

    static String write(final long nanos, final long term)
    {
        return PREFIX + "W " + nanos + ' ' + term;
    }

    static String late(final long nanos, final long lateNs)
    {
        return PREFIX + "L " + nanos + ' ' + lateNs;
    }

    /** @return the event on this line, or null when the line is not one (the system's own output). */
    public static StateLine parse(final String line)
    {
        if (!line.startsWith(PREFIX))
        {
            return null;
        }
        final String[] parts = line.substring(PREFIX.length()).split(" ");
        try
        {
            return switch (parts[0])
            {
                case "S" -> new StateLine('S', Long.parseLong(parts[1]), NodeRole.valueOf(parts[2]), Integer.parseInt(parts[3]),
                    Long.parseLong(parts[4]));
                case "W" -> new StateLine('W', Long.parseLong(parts[1]), null, 0, Long.parseLong(parts[2]));
                case "R" -> new StateLine('R', 0, null, 0, 0);
                case "L" -> new StateLine('L', Long.parseLong(parts[1]), null, 0, Long.parseLong(parts[2]));
                default -> null;
            };
        }
        catch (final RuntimeException ex)
        {
            return null;
        }
    }
}
