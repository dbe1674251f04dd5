package org.electbench.aeron;

import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.RuntimeProvider;

/**
 * Registers the Aeron runtimes, {@code aeron-udp} and {@code aeron-ipc}, with their workers
 * configured from the in-memory runtime's system properties.
 */
public final class AeronRuntimeProviders
{
    private AeronRuntimeProviders()
    {
    }

    /** {@code aeron-udp}: one UDP endpoint per node on loopback. */
    public static final class Udp implements RuntimeProvider
    {
        @Override
        public String name()
        {
            return AeronRuntime.UDP;
        }

        @Override
        public boolean realClock()
        {
            return true;
        }

        @Override
        public ClusterRuntime newRuntime()
        {
            return AeronRuntime.fromSystemProperties(false);
        }
    }

    /** {@code aeron-ipc}: shared-memory publications through the embedded driver. */
    public static final class Ipc implements RuntimeProvider
    {
        @Override
        public String name()
        {
            return AeronRuntime.IPC;
        }

        @Override
        public boolean realClock()
        {
            return true;
        }

        @Override
        public ClusterRuntime newRuntime()
        {
            return AeronRuntime.fromSystemProperties(true);
        }
    }
}
