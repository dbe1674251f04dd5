package org.electbench.aeron;

import org.agrona.DirectBuffer;

/**
 * Receives each valid message, as {@code ElectionNode.onMessage} takes it, on the thread that
 * polls the endpoint. The buffer is only valid during the call.
 */
@FunctionalInterface
public interface MessageHandler
{
    /**
     * @param fromId the sender, 1..N, never the receiver itself.
     * @param buffer holds the SPI message: {@link org.electbench.spi.MessageHeader} then body.
     * @param offset where the message header starts.
     * @param length header plus body.
     */
    void onMessage(int fromId, DirectBuffer buffer, int offset, int length);
}
