package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class ParameterTest
{
    private static final Parameter<Long> SPREAD = Parameter.duration("election-timeout-spread").defaultValue(TimeUnit.MILLISECONDS.toNanos(150))
        .doc("Width of the random election timeout.").validatedBy(ns -> ns > 0, "a duration above 0").build();
    private static final Parameter<Boolean> PRE_VOTE = Parameter.onOff("pre-vote").defaultValue(true)
        .doc("PreVote round.").build();
    private static final Parameter<Long> FANOUT = Parameter.integer("fanout", 1, 16).defaultValue(3L)
        .doc("Peers per gossip.").build();
    private static final Parameter<Double> DROP = Parameter.probability("drop").defaultValue(0.0)
        .doc("Drop chance.").build();

    @Test
    void eachKindParsesItsTextFormAndFormatsItBack()
    {
        assertEquals(2_500_000_000L, SPREAD.parse("2.5s"));
        assertEquals("150ms", SPREAD.format(SPREAD.defaultValue()));
        assertFalse(PRE_VOTE.parse("off"));
        assertEquals("on", PRE_VOTE.format(true));
        assertEquals(RingArrangement.RANDOM,
            Parameter.choice("arrangement", RingArrangement.class).defaultValue(RingArrangement.INCREASING)
                .doc("Order.").build().parse("Random"));
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
        assertThrows(IllegalArgumentException.class, () -> Parameter.integer("fanout", 1, 16).defaultValue(0L)
            .doc("Peers.").build());
        assertThrows(IllegalArgumentException.class, () -> Parameter.onOff("PreVote").defaultValue(true)
            .doc("PreVote round.").build());
        assertThrows(IllegalArgumentException.class, () -> Parameter.onOff("pre-vote").defaultValue(true)
            .doc(" ").build());
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
        final Parameter<Boolean> sameName = Parameter.onOff("pre-vote").defaultValue(false)
            .doc("Another algorithm's PreVote.").build();
        assertTrue(PRE_VOTE.sharesValuesWith(sameName));
        assertFalse(PRE_VOTE.sharesValuesWith(Parameter.integer("pre-vote", 0, 2).defaultValue(1L)
            .doc("A count.").build()));
    }

    @Test
    void aDurationOptionLeftAtItsDefaultIsRaisedAboveItsBoundAndAnExplicitOneReported()
    {
        final Parameter<Long> spread = Parameter.duration("spread").defaultValue(5_000_000L)
            .doc("Random spread.").build();
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

    @Test
    void aKnobIsAParameterDeclaredOnceThatSettingsReadByIt()
    {
        final Parameter<Long> election = ElectionSettings.Knob.ELECTION_TIMEOUT.parameter();
        assertEquals("election-timeout", election.name());
        assertEquals("electionTimeout", election.key());
        assertEquals("T_elec", election.symbol());
        assertEquals(Parameter.Scope.ALGORITHM, election.scope());
        assertEquals(ElectionSettings.DEFAULT_ELECTION_TIMEOUT_NS, election.defaultValue());
        assertEquals(25_000_000L, election.parse("25ms"));
        assertEquals("'0ms' is too short: at least 1us (a timer that fires more often only spins the run)",
            assertThrows(IllegalArgumentException.class, () -> election.parse("0ms")).getMessage());
        assertEquals(25_000_000L, ElectionSettings.builder().electionTimeoutNs(25_000_000L).coordinatorTimeoutNs(30_000_000L)
            .build().get(election));
    }

    @Test
    void aCountRefusesWhatIsBelowItsMinimumOrNoWholeNumber()
    {
        final Parameter<Integer> nodes = Parameter.count("nodes", 2).defaultValue(5).unit("nodes")
            .scope(Parameter.Scope.SCENARIO).doc("Cluster size.").build();
        assertEquals(7, nodes.parse(" 7 "));
        assertEquals("N", nodes.paramLabel());
        assertEquals("'1' is not accepted; accepted: a whole number of at least 2",
            assertThrows(IllegalArgumentException.class, () -> nodes.parse("1")).getMessage());
        assertEquals("'99999999999' is not accepted; accepted: a whole number of at least 2",
            assertThrows(IllegalArgumentException.class, () -> nodes.parse("99999999999")).getMessage());
    }
}
