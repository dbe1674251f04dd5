package org.electbench.inmemory;

import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.RuntimeProvider;

/**
 * Registers the in-memory runtime as {@code inmemory}, configured from its system properties.
 */
public final class InMemoryRuntimeProvider implements RuntimeProvider
{
    @Override
    public String name()
    {
        return InMemoryRuntime.NAME;
    }

    @Override
    public boolean realClock()
    {
        return true;
    }

    @Override
    public ClusterRuntime newRuntime()
    {
        return InMemoryRuntime.fromSystemProperties();
    }
}
