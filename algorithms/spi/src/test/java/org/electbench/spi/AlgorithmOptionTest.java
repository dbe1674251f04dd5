package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class AlgorithmOptionTest
{
    private static final AlgorithmOption<Long> SPREAD = AlgorithmOption.duration("election-timeout-spread",
        TimeUnit.MILLISECONDS.toNanos(150), "Width of the random election timeout.")
        .validatedBy(ns -> ns > 0, "a duration above 0");
    private static final AlgorithmOption<Boolean> PRE_VOTE = AlgorithmOption.onOff("pre-vote", true, "PreVote round.");
    private static final AlgorithmOption<Long> FANOUT = AlgorithmOption.integer("fanout", 3, 1, 16, "Peers per gossip.");
    private static final AlgorithmOption<Double> DROP = AlgorithmOption.probability("drop", 0.0, "Drop chance.");

    @Test
    void eachKindParsesItsTextFormAndFormatsItBack()
    {
        assertEquals(2_500_000_000L, SPREAD.parse("2.5s"));
        assertEquals("150ms", SPREAD.format(SPREAD.defaultValue()));
        assertFalse(PRE_VOTE.parse("off"));
        assertEquals("on", PRE_VOTE.format(true));
        assertEquals(RingArrangement.RANDOM,
            AlgorithmOption.choice("arrangement", RingArrangement.class, RingArrangement.INCREASING, "Order.").parse("Random"));
        assertEquals(16L, FANOUT.parse("16"));
        assertEquals(0.25, DROP.parse("0.25"));
        assertEquals("defer", RecoveryPolicy.OPTION.format(RecoveryPolicy.DEFER));
    }

    @Test
    void valueOutsideTheRuleIsRefusedListingTheAcceptedValues()
    {
        assertEquals("'0ms' is not accepted; accepted: a duration above 0",
            assertThrows(IllegalArgumentException.class, () -> SPREAD.parse("0ms")).getMessage());
        assertEquals("'17' is not accepted; accepted: a whole number in [1, 16]",
            assertThrows(IllegalArgumentException.class, () -> FANOUT.parse("17")).getMessage());
        assertEquals("'1.5' is not accepted; accepted: a number in [0, 1]",
            assertThrows(IllegalArgumentException.class, () -> DROP.parse("1.5")).getMessage());
        assertEquals("'never' is not accepted; accepted: bully, defer",
            assertThrows(IllegalArgumentException.class, () -> RecoveryPolicy.OPTION.parse("never")).getMessage());
        assertEquals("'maybe' is not accepted; accepted: on, off",
            assertThrows(IllegalArgumentException.class, () -> PRE_VOTE.parse("maybe")).getMessage());
    }

    @Test
    void aDefaultBreakingItsOwnRuleOrANameThatIsNoFlagIsRefusedAtDeclaration()
    {
        assertThrows(IllegalArgumentException.class, () -> AlgorithmOption.integer("fanout", 0, 1, 16, "Peers."));
        assertThrows(IllegalArgumentException.class, () -> AlgorithmOption.onOff("PreVote", true, "PreVote round."));
        assertThrows(IllegalArgumentException.class, () -> AlgorithmOption.onOff("pre-vote", true, " "));
    }

    @Test
    void settingsCarryGivenValuesByNameAndReadTheDefaultOtherwise()
    {
        final ElectionSettings settings = ElectionSettings.builder()
            .parseOption(PRE_VOTE, "off")
            .option(SPREAD, 300_000_000L)
            .build();
        assertFalse(settings.get(PRE_VOTE));
        assertTrue(settings.isExplicit(PRE_VOTE));
        assertEquals(300_000_000L, settings.get(SPREAD));
        assertEquals(3L, settings.get(FANOUT));
        assertFalse(settings.isExplicit(FANOUT));
        assertEquals(settings.toString(), settings.toBuilder().build().toString());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> ElectionSettings.builder().option(SPREAD, -1L));
        assertEquals("election-timeout-spread -1ns is not accepted; accepted: a duration above 0", ex.getMessage());
    }

    @Test
    void sharedNameMustAcceptTheSameValues()
    {
        final AlgorithmOption<Boolean> sameName = AlgorithmOption.onOff("pre-vote", false, "Another algorithm's PreVote.");
        assertTrue(PRE_VOTE.sharesValuesWith(sameName));
        assertFalse(PRE_VOTE.sharesValuesWith(AlgorithmOption.integer("pre-vote", 1, 0, 2, "A count.")));
    }

    @Test
    void aDurationOptionLeftAtItsDefaultIsRaisedAboveItsBoundAndAnExplicitOneReported()
    {
        final AlgorithmOption<Long> spread = AlgorithmOption.duration("spread", 5_000_000L, "Random spread.");
        final ClusterProfile profile = new ClusterProfile(5, 4_000_000L);
        final DerivedSettings derived = new SettingsDerivation(ElectionSettings.defaults(), profile)
            .above(spread, profile.roundTripBoundNs(), "twice the largest one-way delay", "ties")
            .finish();
        assertEquals(8_100_000L, derived.settings().get(spread));
        assertFalse(derived.settings().isExplicit(spread));
        assertTrue(derived.settings().describe(List.of(spread)).endsWith("spread 8.1ms (derived)"));
        assertEquals(8_100_000L, derived.settings().toBuilder().build().get(spread));

        final DerivedSettings explicit = new SettingsDerivation(ElectionSettings.builder().option(spread, 1_000_000L).build(),
            profile).above(spread, profile.roundTripBoundNs(), "twice the largest one-way delay", "ties").finish();
        assertEquals(1_000_000L, explicit.settings().get(spread));
        assertEquals(List.of("--spread 1ms is not above twice the largest one-way delay (8ms): ties"), explicit.distortions());
    }
}
