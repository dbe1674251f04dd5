package org.electbench.transport;

/**
 * A run went past a budget its scenario was checked against up front ({@link Scenario#eventBudget()}):
 * the estimate was low for this algorithm or fault plan. The run is abandoned rather than reported,
 * since it would be cut short at an arbitrary point.
 */
public final class BudgetExceededException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public BudgetExceededException(final String message)
    {
        super(message);
    }
}
