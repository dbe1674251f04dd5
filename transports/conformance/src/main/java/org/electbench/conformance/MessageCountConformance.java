package org.electbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.electbench.sim.SimRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The closed forms of an algorithm's message counts: each textbook case the fixture names (a
 * scenario, usually at several cluster sizes) runs in the simulator and must elect the leader the
 * fixture states, one leader at a time and never two of one term, with every message type sent
 * exactly as often, from the reference instant to agreement, as the closed form says. A type the
 * fixture leaves out must not be sent at all, so a message the algorithm's write-up does not
 * account for fails the case.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MessageCountConformance
{
    /** A case's leader where the closed form names none (a randomised timer picks it): any single live leader passes. */
    public static final int ANY_LEADER = 0;

    /**
     * One textbook case.
     *
     * @param name     what the case is, with its cluster size: the test's display name.
     * @param scenario the scenario, run once in the simulator.
     * @param leader   the leader the closed form elects, or {@link #ANY_LEADER}.
     * @param counts   by message type id, the messages of that type its closed form sends; a type left out sends none.
     */
    public record Textbook(String name, Scenario scenario, int leader, Map<Integer, Long> counts)
    {
        @Override
        public String toString()
        {
            return name;
        }
    }

    /** @return the textbook cases, each checked on its own. */
    protected abstract Stream<Textbook> textbookCases();

    @ParameterizedTest(name = "{0}")
    @MethodSource("textbookCases")
    void everyMessageTypeIsSentExactlyAsOftenAsItsClosedFormSays(final Textbook textbook)
    {
        final ElectionResult result = new SimRuntime().run(textbook.scenario());

        assertTrue(result.converged(), result::toString);
        if (ANY_LEADER == textbook.leader())
        {
            assertTrue(result.finalLeader() > 0, result::toString);
        }
        else
        {
            assertEquals(textbook.leader(), result.finalLeader(), result::toString);
        }
        assertEquals(1, result.maxConcurrentLeaders(), result::toString);
        assertEquals(0, result.sameTermLeaders(), result::toString);
        final List<String> types = result.typeNames();
        assertTrue(textbook.counts().keySet().stream().allMatch(type -> type >= 0 && type < types.size()),
            () -> "types " + textbook.counts().keySet() + " among " + types);
        for (int type = 0; type < types.size(); type++)
        {
            assertEquals(textbook.counts().getOrDefault(type, 0L), result.messages(type), types.get(type) + " " + result);
        }
    }
}
