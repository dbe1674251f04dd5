package org.electbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code ip} command, as the network-namespace tests run it. */
final class IpCommand
{
    private IpCommand()
    {
    }

    /** Runs {@code ip ARGS}, failing the test's set-up with what went wrong. */
    static void run(final String... args)
    {
        final String failure = ip(args);
        if (null != failure)
        {
            throw new IllegalStateException("ip " + String.join(" ", args) + ": " + failure);
        }
    }

    /** @return null on success, else what went wrong. */
    static String ip(final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(List.of(args));
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
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
            return "no ip command: " + ex.getMessage();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
