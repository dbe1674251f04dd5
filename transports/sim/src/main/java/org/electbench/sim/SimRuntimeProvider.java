package org.electbench.sim;

import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.RuntimeProvider;

/**
 * Registers the simulator as the runtime {@code sim}.
 */
public final class SimRuntimeProvider implements RuntimeProvider
{
    public static final String NAME = "sim";

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public boolean realClock()
    {
        return false;
    }

    @Override
    public ClusterRuntime newRuntime()
    {
        return new SimRuntime();
    }
}
