package org.electbench.transport.host;

import org.electbench.spi.Role;

/**
 * Where a runtime's nodes report what the convergence monitor judges: starts, crashes, sends and
 * beliefs, each at an instant of the run clock. The simulator feeds the monitor itself; a
 * real-clock worker writes to a buffer of its own that the monitor merges in time order.
 */
public interface MonitorFeed
{
    /** A node booted or recovered. */
    void onStart(int nodeId, long atNs);

    /** A node crashed. */
    void onCrash(int nodeId, long atNs);

    /** A node sent one copy of a message of this type and length (counted whether or not it arrives). */
    void onSend(int fromId, long atNs, int type, int length);

    /** A node's belief changed. */
    void onAnnounce(int nodeId, long atNs, Role role, int leaderId, long term);
}
