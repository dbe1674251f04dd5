package org.electbench.aeron;

/** Launches and closes one driver, clearing stale directories first as every launch does: a process for tests to run elsewhere. */
public final class LaunchOneDriver
{
    private LaunchOneDriver()
    {
    }

    public static void main(final String[] args)
    {
        EmbeddedDriver.launch().close();
    }
}
