package org.electbench.sim;

/**
 * Sees every send the simulator makes (self-sends excluded), for tests and tracing.
 */
@FunctionalInterface
public interface SendTrace
{
    void onSend(long nowNs, int fromId, int toId, int type, int length);
}
