package org.electbench.transport;

/**
 * A scenario asks for more than a run may attempt: more virtual time, more events, or more queued
 * events than the heap holds. Raised when the scenario is built, before anything runs, naming the
 * setting that drives it, so a command line can name the flag.
 */
public final class ScenarioLimitException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    /** The settings a limit can blame, in the words {@link Scenario} and its settings use. */
    public static final String HEARTBEAT_INTERVAL = "heartbeat interval";
    public static final String DETECTION_TIMEOUT = "detection timeout";
    public static final String COORDINATOR_TIMEOUT = "coordinator timeout";
    public static final String FAULT_DURATION = "fault duration";
    public static final String BUDGET = "budget";
    public static final String NODES = "nodes";

    private final String setting;

    /**
     * @param setting which setting drives the request past the limit, one of the constants here.
     * @param message what the request comes to and which limit it passes, starting with the setting's name.
     */
    public ScenarioLimitException(final String setting, final String message)
    {
        super(message);
        this.setting = setting;
    }

    /** @return the setting that drives the request past the limit, e.g. {@value #HEARTBEAT_INTERVAL}. */
    public String setting()
    {
        return setting;
    }
}
