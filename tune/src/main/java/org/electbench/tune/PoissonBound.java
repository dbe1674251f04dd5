package org.electbench.tune;

/**
 * The one-sided upper confidence bound of a Poisson mean from an observed count: the mean at
 * which seeing this few or fewer has probability 1 - confidence (for 0 events at 95 %, about 3,
 * the "rule of three").
 */
final class PoissonBound
{
    static final double CONFIDENCE = 0.95;
    /** The standard normal's 95th percentile. */
    private static final double Z95 = 1.6448536269514722;
    /** Above this count the exact sum would underflow; the Wilson-Hilferty form is then within a part in a thousand. */
    private static final long EXACT_UP_TO = 100;

    private PoissonBound()
    {
    }

    /** @return the upper bound of the mean having seen {@code count} events. */
    static double upper(final long count)
    {
        if (count > EXACT_UP_TO)
        {
            final double k = count + 1;
            final double root = 1 - 1 / (9 * k) + Z95 / (3 * Math.sqrt(k));
            return k * root * root * root;
        }
        final double alpha = 1 - CONFIDENCE;
        double low = count;
        double high = count + 10 + 10 * Math.sqrt(count + 1);
        for (int i = 0; i < 200; i++)
        {
            final double mid = 0.5 * (low + high);
            if (cdf(count, mid) > alpha)
            {
                low = mid;
            }
            else
            {
                high = mid;
            }
        }
        return 0.5 * (low + high);
    }

    /** @return the one-sided 95 % lower bound of the mean having seen {@code count} events (0 for none). */
    static double lower(final long count)
    {
        if (0 == count)
        {
            return 0;
        }
        final double alpha = 1 - CONFIDENCE;
        double low = 0;
        double high = count;
        for (int i = 0; i < 200; i++)
        {
            final double mid = 0.5 * (low + high);
            // P(X >= count) at the mean: rises with the mean; the bound is where it reaches alpha.
            if (1 - cdf(count - 1, mid) < alpha)
            {
                low = mid;
            }
            else
            {
                high = mid;
            }
        }
        return 0.5 * (low + high);
    }

    /** @return P(X <= k) for X Poisson with the mean, summed term by term. */
    static double cdf(final long k, final double mean)
    {
        double term = Math.exp(-mean);
        double sum = term;
        for (long i = 1; i <= k; i++)
        {
            term *= mean / i;
            sum += term;
        }
        return sum;
    }
}
