package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class YoungGenerationTest
{
    /** Where the garbage goes, so the compiler cannot drop the allocations. */
    private static Object sink;

    @Test
    void aYoungGenerationOverHalfFullIsCollectedBeforeARun()
    {
        for (int chunk = 0; chunk < 100_000 && YoungGeneration.usedShare() <= 0.6; chunk++)
        {
            sink = new byte[64 * 1024];
        }
        assertTrue(YoungGeneration.usedShare() > 0.5, "filled to " + YoungGeneration.usedShare());
        YoungGeneration.makeRoom();
        assertTrue(YoungGeneration.usedShare() < 0.5, "left at " + YoungGeneration.usedShare());
    }

    @Test
    void oneLessThanHalfFullIsLeftAlone()
    {
        System.gc();
        sink = new byte[1024];
        final double before = YoungGeneration.usedShare();
        YoungGeneration.makeRoom();
        assertTrue(YoungGeneration.usedShare() >= before, "collected at " + before);
    }
}
