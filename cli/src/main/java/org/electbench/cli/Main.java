package org.electbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code ./electbench} launcher's entry point.
 */
@Command(name = "electbench", mixinStandardHelpOptions = true, version = "electbench 0.1.0",
    description = "A pluggable leader-election microbenchmark and comparison suite.",
    subcommands = {SimulateCommand.class, RunCommand.class, ChaosCommand.class, NodeCommand.class, ObserveCommand.class,
        TuneCommand.class,
        ProbeCommand.class})
public final class Main
{
    private Main()
    {
    }

    public static void main(final String[] args)
    {
        System.exit(execute(args));
    }

    /** @return the exit code: 0 on success, 2 for a wrong flag or value, 1 for a failure. */
    public static int execute(final String... args)
    {
        return commandLine().execute(args);
    }

    /** @return the command line, for callers that set their own out and err writers. */
    public static CommandLine commandLine()
    {
        return new CommandLine(new Main());
    }
}
