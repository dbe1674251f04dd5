package org.electbench.transport;

/**
 * What a runtime can host, checked against every scenario as it is built, so settings a runtime
 * cannot run are refused up front naming the setting, not found out part-way through a run. A
 * runtime module provides one through {@link java.util.ServiceLoader} under
 * {@code META-INF/services/org.electbench.transport.ScenarioLimits} (the simulator's: virtual time,
 * events, heap for queued events); core knows none of them.
 */
public interface ScenarioLimits
{
    /**
     * @param extent the settings of a scenario as built that decide how large its run is.
     * @throws ScenarioLimitException naming the setting that takes a run past a limit.
     */
    void check(RunExtent extent);
}
