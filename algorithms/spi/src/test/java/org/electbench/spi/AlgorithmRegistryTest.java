package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class AlgorithmRegistryTest
{
    @Test
    void unknownNameListsTheKnownOnes()
    {
        // The SPI module registers no algorithm of its own, so the list is empty but the message is exact.
        final AlgorithmRegistry registry = new AlgorithmRegistry(getClass().getClassLoader());
        assertFalse(registry.names().iterator().hasNext());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> registry.get("paxos"));
        assertEquals("unknown algorithm 'paxos'; known: ", ex.getMessage());
    }

    @Test
    void headerRoundTripsTypeLengthAndSender()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[32]);
        MessageHeader.write(buffer, 4, 65535, 12, 1024);
        assertEquals(65535, MessageHeader.type(buffer, 4));
        assertEquals(12, MessageHeader.bodyLength(buffer, 4));
        assertEquals(1024, MessageHeader.senderId(buffer, 4));
        assertEquals(MessageHeader.LENGTH + 12, MessageHeader.messageLength(buffer, 4));
    }

    @Test
    void rolesMustAgreeWithTheDeclaredHeartbeatAndAcknowledgementTypes()
    {
        final ElectionAlgorithm mislabelled = new RolesAlgorithm(1, List.of(MessageRole.ELECTION, MessageRole.ANNOUNCEMENT));
        final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> AlgorithmRegistry.checkRoles(mislabelled));
        assertTrue(ex.getMessage().contains("heartbeat type B is declared with the role ANNOUNCEMENT"), ex.getMessage());
        final ElectionAlgorithm oneRoleShort = new RolesAlgorithm(1, List.of(MessageRole.HEARTBEAT));
        assertThrows(IllegalStateException.class, () -> AlgorithmRegistry.checkRoles(oneRoleShort));
        AlgorithmRegistry.checkRoles(new RolesAlgorithm(1, List.of(MessageRole.ELECTION, MessageRole.HEARTBEAT)));
    }

    @Test
    void aPlugInThatDeclaresNoRolesHasItsHeartbeatAndTheRestElectionMessages()
    {
        final ElectionAlgorithm plain = new RolesAlgorithm(1, null);
        assertEquals(List.of(MessageRole.ELECTION, MessageRole.HEARTBEAT), plain.messageRoles());
    }

    /** Two types, A and B, with B the heartbeat; roles as given, or the SPI's default for null. */
    private static final class RolesAlgorithm implements ElectionAlgorithm
    {
        private final int heartbeatType;
        private final List<MessageRole> roles;

        RolesAlgorithm(final int heartbeatType, final List<MessageRole> roles)
        {
            this.heartbeatType = heartbeatType;
            this.roles = roles;
        }

        @Override
        public String name()
        {
            return "roles";
        }

        @Override
        public List<String> messageTypes()
        {
            return List.of("A", "B");
        }

        @Override
        public int heartbeatType()
        {
            return heartbeatType;
        }

        @Override
        public List<MessageRole> messageRoles()
        {
            return null == roles ? ElectionAlgorithm.super.messageRoles() : roles;
        }

        @Override
        public ElectionNode newNode(final int selfId, final ElectionSettings settings)
        {
            throw new UnsupportedOperationException();
        }
    }
}
