package org.electbench.sim;

import org.electbench.transport.TraceRecorder;

/**
 * Sees every send the simulator makes (self-sends excluded), for tests: the part of a
 * {@link TraceRecorder} that most tests need, as a lambda.
 */
@FunctionalInterface
public interface SendTrace extends TraceRecorder
{
    void onSend(long nowNs, int fromId, int toId, int type, int length);

    @Override
    default void onSend(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final int length)
    {
        onSend(nowNs, fromId, toId, type, length);
    }
}
