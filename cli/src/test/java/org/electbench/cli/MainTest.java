package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import org.junit.jupiter.api.Test;

class MainTest
{
    @Test
    void aCommandLineThatNamesACommandBuildsThatOneAlone()
    {
        assertEquals(List.of(TuneCommand.class), Main.named("tune", "--nodes", "5"));
        assertEquals(List.of(SimulateCommand.class), Main.named("simulate"));
        assertEquals(Main.COMMANDS, Main.named());
        assertEquals(Main.COMMANDS, Main.named("--help"));
        assertEquals(Main.COMMANDS, Main.named("simulat"), "a misspelt command gets picocli's suggestion from all of them");
        assertEquals(Main.COMMANDS.size(), Main.commandLine().getSubcommands().size());
    }

    @Test
    void aCommandBuiltAloneHasEveryFlagItHasAmongAll()
    {
        final CommandLine all = Main.commandLine();
        for (final Class<?> command : Main.COMMANDS)
        {
            final String name = command.getAnnotation(CommandLine.Command.class).name();
            final CommandLine alone = Main.commandLine(Main.named(name));
            assertEquals(Set.of(name), alone.getSubcommands().keySet());
            assertEquals(flags(all.getSubcommands().get(name)), flags(alone.getSubcommands().get(name)), name);
        }
    }

    @Test
    void theInheritedDebugFlagAndTheHandlersReachACommandBuiltAlone()
    {
        final CommandLine alone = Main.commandLine(Main.named("simulate")).getSubcommands().get("simulate");
        assertTrue(flags(alone).contains("--debug"));
        final StringWriter err = new StringWriter();
        alone.getParent().setErr(new PrintWriter(err));
        assertEquals(Main.EXIT_USAGE, alone.getParent().execute("simulate", "--nodes", "1"));
        assertTrue(err.toString().startsWith("electbench simulate: Invalid value for option '--nodes'"), err.toString());
    }

    private static Set<String> flags(final CommandLine command)
    {
        final Set<String> flags = new TreeSet<>();
        for (final OptionSpec option : command.getCommandSpec().options())
        {
            flags.addAll(List.of(option.names()));
        }
        return flags;
    }
}
