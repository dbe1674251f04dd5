package org.electbench.cli;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

import org.electbench.spi.AlgorithmRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code ./electbench} launcher's entry point. Exit codes: {@value #EXIT_OK} success,
 * {@value #EXIT_FAILURE} a failure (a bug, or {@code observe} without a settled result),
 * {@value #EXIT_USAGE} a wrong flag, value or file (one line naming it, before any work where it
 * can be known then), {@value #EXIT_LIMIT} a run that passed a resource budget while running.
 */
@Command(name = "electbench", mixinStandardHelpOptions = true, version = "electbench 0.1.0",
    description = "A pluggable leader-election microbenchmark and comparison suite.",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
        "0:success",
        "1:failure (observe: no settled result)",
        "2:a wrong flag, value or file, named in one line",
        "3:a run passed a resource budget (events, memory) while running"})
public final class Main implements Callable<Integer>
{
    /**
     * The commands, in the order {@code --help} lists them. A command line names one: only that
     * one is built, since picocli reads every flag of a command by reflection before any work
     * begins; without one (help, version, a mistake) all are.
     */
    static final List<Class<?>> COMMANDS = List.of(SimulateCommand.class, RunCommand.class, ChaosCommand.class, NodeCommand.class,
        ObserveCommand.class, ReportCommand.class, CompareCommand.class, TuneCommand.class, ProbeCommand.class, ReferenceCommand.class);

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILURE = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_LIMIT = 3;

    /** picocli's switch for its look for Groovy closures in annotations. */
    static final String NO_GROOVY_CLOSURES = "picocli.disable.closures";

    static
    {
        // picocli looks for Groovy's closure class when it first makes a command: a miss that reads
        // every jar on the class path on each start. No command here is written in Groovy.
        if (null == System.getProperty(NO_GROOVY_CLOSURES))
        {
            System.setProperty(NO_GROOVY_CLOSURES, "true");
        }
    }

    @Option(names = ErrorHandler.DEBUG, scope = ScopeType.INHERIT,
        description = "On an error, print its stack trace too.")
    boolean debug;

    @Spec
    CommandSpec spec;

    private Main()
    {
    }

    /** {@code electbench} alone: which commands there are. */
    @Override
    public Integer call()
    {
        throw new ParameterException(spec.commandLine(), "a command is required: " +
            String.join(", ", spec.subcommands().keySet()));
    }

    public static void main(final String[] args)
    {
        System.exit(execute(args));
    }

    /** @return the exit code, see {@link Main}. */
    public static int execute(final String... args)
    {
        final CommandLine commandLine = commandLine(named(args));
        try
        {
            return commandLine.execute(args);
        }
        catch (final OutOfMemoryError | StackOverflowError ex)
        {
            // Errors pass picocli by; they still get one line and a code.
            return ErrorHandler.report(ex, commandLine, Arrays.asList(args).contains(ErrorHandler.DEBUG));
        }
    }

    /**
     * @return the command line, for callers that set their own out and err writers; every command
     *         that runs a scenario has a flag for each declared run parameter and each option the
     *         registered algorithms declare.
     */
    public static CommandLine commandLine()
    {
        return commandLine(COMMANDS);
    }

    /** @return the command the arguments start with, alone, or every command when they start with none. */
    static List<Class<?>> named(final String... args)
    {
        if (args.length > 0)
        {
            for (final Class<?> command : COMMANDS)
            {
                if (command.getAnnotation(Command.class).name().equals(args[0]))
                {
                    return List.of(command);
                }
            }
        }
        return COMMANDS;
    }

    /** @return the command line with these commands alone, see {@link #COMMANDS}. */
    static CommandLine commandLine(final List<Class<?>> commands)
    {
        final ErrorHandler handler = new ErrorHandler();
        final CommandLine commandLine = new CommandLine(new Main());
        // Added before the handlers and converters are set: picocli sets them on the subcommands there are then.
        for (final Class<?> command : commands)
        {
            commandLine.addSubcommand(command);
        }
        commandLine
            .setParameterExceptionHandler(handler)
            .setExecutionExceptionHandler(handler)
            .registerConverter(Integer.class, Converters::asciiInt)
            .registerConverter(Integer.TYPE, Converters::asciiInt)
            .registerConverter(Long.class, Converters::asciiLong)
            .registerConverter(Long.TYPE, Converters::asciiLong);
        for (final CommandLine command : commandLine.getSubcommands().values())
        {
            for (final CommandSpec mixin : command.getCommandSpec().mixins().values())
            {
                if (mixin.userObject() instanceof ScenarioOptions)
                {
                    ((ScenarioOptions)mixin.userObject()).declareFlags(
                        command.getCommandSpec(), AlgorithmRegistry.instance());
                    // A command's own changes to the shared flags (chaos drops --scenario) apply to the declared ones too.
                    if (null != command.getCommandSpec().modelTransformer())
                    {
                        command.getCommandSpec().modelTransformer().transform(command.getCommandSpec());
                    }
                }
            }
        }
        return commandLine;
    }
}
