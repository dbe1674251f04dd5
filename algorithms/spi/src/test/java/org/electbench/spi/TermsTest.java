package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TermsTest
{
    @Test
    void negativeTermsAreMalformed()
    {
        assertTrue(Terms.valid(0));
        assertTrue(Terms.valid(Long.MAX_VALUE));
        assertFalse(Terms.valid(-1));
        assertFalse(Terms.valid(Long.MIN_VALUE));
    }

    @Test
    void aTermMoreThanTheMaximumJumpAboveTheOwnIsImplausible()
    {
        assertTrue(Terms.plausible(0, Terms.MAX_JUMP));
        assertFalse(Terms.plausible(0, Terms.MAX_JUMP + 1));
        assertTrue(Terms.plausible(7, 7 + Terms.MAX_JUMP));
        assertFalse(Terms.plausible(7, 8 + Terms.MAX_JUMP));
        assertFalse(Terms.plausible(0, Long.MAX_VALUE - 1));
        assertFalse(Terms.plausible(0, Long.MAX_VALUE));
        assertFalse(Terms.plausible(5, -1));
        assertFalse(Terms.plausible(5, Long.MIN_VALUE));
        // Lower terms are plausible, however far below: they are stale, not forged.
        assertTrue(Terms.plausible(Long.MAX_VALUE, 0));
        assertTrue(Terms.plausible(Long.MAX_VALUE - 2, Long.MAX_VALUE));
    }

    @Test
    void countingUpNeverWraps()
    {
        assertTrue(Terms.hasNext(Long.MAX_VALUE - 1));
        assertFalse(Terms.hasNext(Long.MAX_VALUE));
        assertEquals(1, Terms.nextSaturated(0));
        assertEquals(Long.MAX_VALUE, Terms.nextSaturated(Long.MAX_VALUE - 1));
        assertEquals(Long.MAX_VALUE, Terms.nextSaturated(Long.MAX_VALUE));
    }
}
