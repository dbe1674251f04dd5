package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PoissonBoundTest
{
    @Test
    void noEventSeenBoundsTheMeanByTheRuleOfThree()
    {
        assertEquals(-Math.log(0.05), PoissonBound.upper(0), 1e-6);
    }

    @Test
    void boundMatchesTheChiSquareTable()
    {
        // Half the 95th percentile of chi-square with 2k+2 degrees of freedom.
        assertEquals(4.7439, PoissonBound.upper(1), 1e-3);
        assertEquals(16.962, PoissonBound.upper(10), 1e-2);
        assertEquals(1053.1, PoissonBound.upper(1000), 1.0);
    }

    @Test
    void atTheBoundSeeingThatFewHasFivePercentChance()
    {
        for (final long count : new long[] {0, 3, 40, 100})
        {
            assertEquals(0.05, PoissonBound.cdf(count, PoissonBound.upper(count)), 1e-6);
        }
    }
}
