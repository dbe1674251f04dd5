package org.electbench.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class FailoversTest
{
    private static StateLine write(final long nanos, final long term)
    {
        return new StateLine('W', nanos, null, 0, term);
    }

    @Test
    void aWriteInAnOlderTermAfterOneInANewerIsStale()
    {
        assertEquals(2, Failovers.staleWrites(List.of(write(1, 3), write(2, 4), write(3, 3), write(4, 4), write(5, 2))));
    }

    @Test
    void termsThatOnlyGrowHaveNoStaleWrite()
    {
        assertEquals(0, Failovers.staleWrites(List.of(write(1, 3), write(2, 3), write(3, 4), write(4, 7))));
    }

    @Test
    void aNodesLinesParseBackAndForeignLinesAreIgnored()
    {
        assertEquals(new StateLine('S', 12, NodeRole.LEADER, 3, 5), StateLine.parse(StateLine.state(12, NodeRole.LEADER, 3, 5)));
        assertEquals(new StateLine('W', 7, null, 0, 9), StateLine.parse(StateLine.write(7, 9)));
        assertEquals(null, StateLine.parse("INFO org.apache.zookeeper: hello"));
        assertEquals(null, StateLine.parse("@eb S 12 KING 3 5"));
    }
}
