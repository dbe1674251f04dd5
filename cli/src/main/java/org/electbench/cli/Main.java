package org.electbench.cli;

import org.electbench.spi.AlgorithmRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The {@code ./electbench} launcher's entry point.
 */
@Command(name = "electbench", mixinStandardHelpOptions = true, version = "electbench 0.1.0",
    description = "A pluggable leader-election microbenchmark and comparison suite.",
    subcommands = {SimulateCommand.class, RunCommand.class, ChaosCommand.class, NodeCommand.class, ObserveCommand.class, ReportCommand.class, CompareCommand.class})
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

    /**
     * @return the command line, for callers that set their own out and err writers; every command
     *         that runs a scenario has a flag for each option the registered algorithms declare.
     */
    public static CommandLine commandLine()
    {
        final CommandLine commandLine = new CommandLine(new Main());
        for (final CommandLine command : commandLine.getSubcommands().values())
        {
            for (final CommandSpec mixin : command.getCommandSpec().mixins().values())
            {
                if (mixin.userObject() instanceof ScenarioOptions)
                {
                    ((ScenarioOptions)mixin.userObject()).declareAlgorithmOptions(
                        command.getCommandSpec(), AlgorithmRegistry.instance());
                }
            }
        }
        return commandLine;
    }
}
