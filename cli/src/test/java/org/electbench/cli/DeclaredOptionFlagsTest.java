package org.electbench.cli;

import static org.electbench.cli.SimulateCommandTest.electbench;
import static org.electbench.cli.SimulateCommandTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Parameter;
import org.junit.jupiter.api.Test;

/** The flags made from the options algorithms declare reach the nodes, and help describes them. */
class DeclaredOptionFlagsTest
{
    private static JsonNode textbookColdStart(final String arrangement, final String ackFlag) throws Exception
    {
        return json("simulate", "--algorithm", "ring", "--nodes", "8", "--scenario", "cold-start",
            "--arrangement", arrangement, ackFlag, "off", "--format", "json");
    }

    @Test
    void ringArrangementFlagReachesTheNodesAsTheTextbookCountsShow() throws Exception
    {
        // Everyone initiates on a textbook ring of 8: 2n-1 ELECTION increasing, n(n+1)/2 decreasing; n-1 ELECTED
        // counted (the lap's last hop, home to the winner, comes after everyone agrees, and agreement is the cut).
        final JsonNode increasing = textbookColdStart("increasing", "--ack");
        assertEquals(15.0, SimulateCommandTest.metric(increasing, "messages.ELECTION").get("mean").asDouble(), increasing.toString());
        assertEquals(7.0, SimulateCommandTest.metric(increasing, "messages.ELECTED").get("mean").asDouble());
        assertEquals(0.0, SimulateCommandTest.metric(increasing, "messages.ACK").get("mean").asDouble());
        final JsonNode decreasing = textbookColdStart("decreasing", "--acknowledgements");
        assertEquals(36.0, SimulateCommandTest.metric(decreasing, "messages.ELECTION").get("mean").asDouble(), decreasing.toString());
    }

    @Test
    void ackDefaultsToOnWhenNotGiven() throws Exception
    {
        final JsonNode acked = json("simulate", "--algorithm", "ring", "--nodes", "8", "--scenario", "cold-start",
            "--format", "json");
        assertTrue(SimulateCommandTest.metric(acked, "messages.ACK").get("mean").asDouble() > 0, acked.toString());
    }

    @Test
    void helpListsEveryDeclaredOptionWithItsAcceptedValuesAndDefault()
    {
        final SimulateCommandTest.Outcome outcome = electbench("simulate", "--help");
        assertEquals(0, outcome.exitCode(), outcome.err());
        final String help = outcome.out().replaceAll("\\s+", " ");
        for (final Parameter<?> option : AlgorithmRegistry.instance().options())
        {
            assertTrue(help.contains("--" + option.name()), option.name() + " in " + help);
            assertTrue(help.contains("accepted: " + option.accepted()), option.accepted() + " in " + help);
        }
        assertTrue(help.contains("Read by ring; accepted: increasing, decreasing, random (default: increasing)"), help);
        assertTrue(help.contains("Read by bully, ring; accepted: bully, defer (default: bully)"), help);
    }

    @Test
    void anExplicitSettingKnownToDistortIsWarnedOnStderrAndTheRunStillHappens()
    {
        final SimulateCommandTest.Outcome outcome = electbench("simulate", "--algorithm", "ring", "--nodes", "17",
            "--coordinator-timeout", "30ms", "--format", "json");
        assertEquals(0, outcome.exitCode(), outcome.err());
        // Two laps of 17 hops at 1 ms, each skipping the dead leader at the derived 2.1 ms T_elec: 38.2 ms.
        assertTrue(outcome.err().contains("warning: ring: --coordinator-timeout 30ms is not above two laps of the ring " +
            "past 1 dead node at the largest one-way delay (38.2ms)"), outcome.err());
    }

    @Test
    void anOptionTheAlgorithmDoesNotReadIsWarnedAbout()
    {
        final SimulateCommandTest.Outcome outcome = electbench("simulate", "--algorithm", "bully", "--ack", "off");
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("warning: bully does not read --ack (read by ring)"), outcome.err());
    }

    @Test
    void defaultsLeftToTheAlgorithmWarnNothing()
    {
        final SimulateCommandTest.Outcome outcome = electbench("simulate", "--algorithm", "ring", "--nodes", "17");
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertFalse(outcome.err().contains("warning"), outcome.err());
    }
}
