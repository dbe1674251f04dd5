package org.electbench.transport.host;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.electbench.transport.Seeds;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A reseeded source draws exactly what a fresh {@link SplittableRandom} of the same seed draws, in
 * every method a node or a send edge may call, in any order: the runs it serves replay bit for bit.
 */
class ReseedableRandomTest
{
    private static final int SEEDS = 20_000;
    private static final int DRAWS = 64;
    private static final int METHODS = 19;
    private static final int[] INT_BOUNDS = {1, 2, 3, 7, 64, 1000, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE};
    private static final long[] LONG_BOUNDS = {1, 2, 5, 1L << 40, (1L << 40) + 3, 150_000_000L, Long.MAX_VALUE};

    @Test
    void reseededSourceDrawsWhatSplittableRandomOfTheSameSeedDraws()
    {
        final SplittableRandom script = new SplittableRandom(7);
        final ReseedableRandom reused = new ReseedableRandom(0);
        for (int i = 0; i < SEEDS; i++)
        {
            final long seed = i < 4 ? new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}[i] :
                i % 2 == 0 ? Seeds.mix(i) : i;
            final SplittableRandom expected = new SplittableRandom(seed);
            // Draw a little from the old stream first, so the reseed is what resets it.
            reused.nextLong();
            reused.reseed(seed);
            for (int draw = 0; draw < DRAWS; draw++)
            {
                final int method = script.nextInt(METHODS);
                assertEquals(drawn(expected, method), drawn(reused, method), () -> "seed " + seed + ", method " + method);
            }
        }
    }

    @Test
    void freshSourceDrawsWhatSplittableRandomDraws()
    {
        for (long seed = -500; seed < 500; seed++)
        {
            final SplittableRandom expected = new SplittableRandom(seed);
            final ReseedableRandom fresh = new ReseedableRandom(seed);
            for (int method = 0; method < METHODS; method++)
            {
                for (int draw = 0; draw < 8; draw++)
                {
                    assertEquals(drawn(expected, method), drawn(fresh, method));
                }
            }
            final byte[] expectedBytes = new byte[13];
            final byte[] freshBytes = new byte[13];
            expected.nextBytes(expectedBytes);
            fresh.nextBytes(freshBytes);
            assertArrayEquals(expectedBytes, freshBytes);
            assertEquals(expected.nextLong(), fresh.nextLong());
        }
    }

    /** One draw as exact bits, whichever method and whichever source. */
    private static long drawn(final RandomGenerator random, final int method)
    {
        switch (method)
        {
            case 0:
                return random.nextLong();
            case 1:
                return random.nextInt();
            case 2:
                return random.nextInt(INT_BOUNDS[5]);
            case 3:
                return random.nextInt(INT_BOUNDS[INT_BOUNDS.length - 1]);
            case 4:
                return random.nextInt(-3, 1000);
            case 5:
                return random.nextLong(LONG_BOUNDS[5]);
            case 6:
                return random.nextLong(LONG_BOUNDS[3]) ^ random.nextLong(LONG_BOUNDS[4]) ^ random.nextLong(LONG_BOUNDS[6]);
            case 7:
                return random.nextLong(-1_000_000L, 1L << 50);
            case 8:
                return Double.doubleToRawLongBits(random.nextDouble());
            case 9:
                return Double.doubleToRawLongBits(random.nextDouble(2.5));
            case 10:
                return Double.doubleToRawLongBits(random.nextDouble(-1.0, 3.0));
            case 11:
                return Float.floatToRawIntBits(random.nextFloat());
            case 12:
                return random.nextBoolean() ? 1 : 0;
            case 13:
                return Double.doubleToRawLongBits(random.nextGaussian());
            case 14:
                return Double.doubleToRawLongBits(random.nextGaussian(3.0, 0.5));
            case 15:
                return Double.doubleToRawLongBits(random.nextExponential());
            case 16:
                return random.nextInt(INT_BOUNDS[1]) + 31L * random.nextInt(INT_BOUNDS[2]) + 961L * random.nextInt(INT_BOUNDS[4]);
            case 17:
                return random.nextInt(INT_BOUNDS[7]) + 31L * random.nextInt(INT_BOUNDS[6]) + 961L * random.nextLong(LONG_BOUNDS[1]);
            default:
                return random.nextLong(LONG_BOUNDS[0]) + random.nextLong(LONG_BOUNDS[2]) + random.nextInt(INT_BOUNDS[0]);
        }
    }
}
