package org.electbench.transport.metrics;

/**
 * What a metric counts; the suffix writers add to a column (times stay nanoseconds inside).
 */
public enum MetricUnit
{
    NANOSECONDS("ns"),
    MESSAGES("msgs"),
    BYTES("B"),
    EVENTS("events"),
    NODES("nodes"),
    RUNS("runs"),
    PER_MINUTE("/min"),
    PER_MILLE("permille");

    private final String symbol;

    MetricUnit(final String symbol)
    {
        this.symbol = symbol;
    }

    public String symbol()
    {
        return symbol;
    }
}
