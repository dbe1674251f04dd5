package org.electbench.reporting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class NaturalOrderTest
{
    private static List<String> sorted(final String... texts)
    {
        final List<String> list = new ArrayList<>(List.of(texts));
        list.sort(NaturalOrder.TEXT);
        return list;
    }

    @Test
    void durationsByTheirLength()
    {
        assertEquals(List.of("T=30ms", "T=30.1ms", "T=900ms", "T=1s", "T=1.5s"), sorted("T=1.5s", "T=30.1ms", "T=1s", "T=30ms", "T=900ms"));
        assertEquals(List.of("40us", "1ms", "2ms"), sorted("2ms", "1ms", "40us"));
    }

    @Test
    void numbersByValueAndTextAsItIs()
    {
        assertEquals(List.of("n=5", "n=9", "n=17", "n=65"), sorted("n=17", "n=65", "n=5", "n=9"));
        assertEquals(List.of("loss=0.01", "loss=0.1", "loss=0.25"), sorted("loss=0.25", "loss=0.01", "loss=0.1"));
        assertEquals(List.of("aeron-udp", "inmemory", "sim"), sorted("sim", "aeron-udp", "inmemory"));
        assertEquals(List.of("raft", "raft PV"), sorted("raft PV", "raft"));
    }

    @Test
    void aNumberFollowedByAWordIsNoDuration()
    {
        // "5 sizes" is the number 5, then text: against a duration it compares as 5 and then character by character.
        assertEquals(List.of("5 sizes", "5ms", "5s"), sorted("5s", "5 sizes", "5ms"));
        assertEquals(List.of("5 sizes", "6 sizes", "10 sizes"), sorted("10 sizes", "5 sizes", "6 sizes"));
    }

    @Test
    void digitsAloneIsTheTablesOrder()
    {
        final List<String> list = new ArrayList<>(List.of("n=17 T=30ms", "n=9 T=30ms", "n=9 T=30.1ms"));
        list.sort(NaturalOrder.DIGITS);
        assertEquals(List.of("n=9 T=30.1ms", "n=9 T=30ms", "n=17 T=30ms"), list);
    }
}
