package org.electbench.analysis;

/**
 * What the analyser knows of one figure a run produces: its name (as the run's declarations,
 * counters and histogram tags spell it), its unit and its kind. Distributions become p50, p99
 * and max columns; counts and means one column per election; violations one count column.
 *
 * @param name the declared name.
 * @param unit {@code ns} for times (shown in ms), {@code B}, or the unit of a count ({@code msgs}).
 * @param kind how it is summarised.
 */
public record Metric(String name, String unit, Kind kind)
{
    public enum Kind
    {
        DISTRIBUTION, COUNT, MEAN, VIOLATION
    }

    /** @return whether values are nanoseconds, which tables and charts show in milliseconds. */
    public boolean isTime()
    {
        return "ns".equals(unit);
    }
}
