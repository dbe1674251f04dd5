package org.electbench.reference.net;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code ip} command, as the network-namespace tests and the reference systems run it. */
public final class IpCommand
{
    private IpCommand()
    {
    }

    /** Runs {@code ip ARGS}, failing with what went wrong. */
    public static void run(final String... args)
    {
        final String failure = ip(args);
        if (null != failure)
        {
            throw new IllegalStateException("ip " + String.join(" ", args) + ": " + failure);
        }
    }

    /** @return null on success, else what went wrong. */
    public static String ip(final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(List.of(args));
        return exec(command, null);
    }

    /**
     * Runs a command to its end (10 s at most).
     *
     * @param stdin what to write to its standard input, or null for nothing.
     * @return null on success, else its output or what went wrong.
     */
    public static String exec(final List<String> command, final String stdin)
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (null != stdin)
            {
                process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            process.getOutputStream().close();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!process.waitFor(10, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return "timed out";
            }
            return 0 == process.exitValue() ? null : output;
        }
        catch (final IOException ex)
        {
            return "no " + command.get(0) + " command: " + ex.getMessage();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
