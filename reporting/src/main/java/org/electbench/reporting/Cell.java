package org.electbench.reporting;

/**
 * One figure of a table: a value and the run-to-run noise around it, both in the column's unit.
 *
 * @param value the figure.
 * @param error the half-width of its error interval (JMH's 99.9% interval, or a spread the
 *     histogram gives); NaN when the run gives none.
 */
public record Cell(double value, double error)
{
    public static Cell of(final double value)
    {
        return new Cell(value, Double.NaN);
    }

    public boolean hasError()
    {
        return !Double.isNaN(error);
    }
}
