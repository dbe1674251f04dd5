package org.electbench.cli;

import java.io.PrintWriter;
import java.net.BindException;
import java.net.UnknownHostException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.Locale;

import org.electbench.deploy.ClusterFile;
import org.electbench.transport.BudgetExceededException;
import org.electbench.transport.MemoryLimits;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one place an error reaches the user: every wrong flag, value or file becomes one line
 * naming it, with exit code {@value Main#EXIT_USAGE}; a run that passes a resource budget one
 * line with {@value Main#EXIT_LIMIT}; anything else (a bug) one line with
 * {@value Main#EXIT_FAILURE}. {@code --debug} adds the stack trace.
 */
final class ErrorHandler implements IParameterExceptionHandler, IExecutionExceptionHandler
{
    static final String DEBUG = "--debug";

    @Override
    public int handleParseException(final ParameterException ex, final String[] args)
    {
        final CommandLine commandLine = ex.getCommandLine();
        final PrintWriter err = commandLine.getErr();
        // A value is echoed with its control and direction characters escaped, so it cannot garble or disguise the line.
        err.println(commandLine.getCommandSpec().qualifiedName() + ": " + ClusterFile.escape(String.valueOf(ex.getMessage())));
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + commandLine.getCommandSpec().qualifiedName() + " --help' for the flags and their accepted values.");
        if (Arrays.asList(args).contains(DEBUG))
        {
            ex.printStackTrace(err);
        }
        err.flush();
        return Main.EXIT_USAGE;
    }

    @Override
    public int handleExecutionException(final Exception ex, final CommandLine commandLine, final ParseResult parseResult)
    {
        return report(ex, commandLine, debug(parseResult));
    }

    /**
     * @param error       what went wrong while a command ran.
     * @param commandLine the command, for its name and error stream.
     * @param debug       also print the stack trace.
     * @return the exit code.
     */
    static int report(final Throwable error, final CommandLine commandLine, final boolean debug)
    {
        final PrintWriter err = commandLine.getErr();
        final String name = commandLine.getCommandSpec().qualifiedName();
        final int exitCode;
        final String userError = userMessage(error);
        // A full disk first: it arrives as a FileSystemException too, but is no wrong flag or file.
        if (null != diskFull(error))
        {
            err.println(name + ": " + diskFull(error) + "; free some space and run again");
            exitCode = Main.EXIT_FAILURE;
        }
        else if (null != userError)
        {
            err.println(name + ": " + userError);
            exitCode = Main.EXIT_USAGE;
        }
        else if (error instanceof BudgetExceededException)
        {
            err.println(name + ": " + error.getMessage());
            exitCode = Main.EXIT_LIMIT;
        }
        else if (error instanceof OutOfMemoryError)
        {
            err.println(name + ": out of memory (-Xmx " + MemoryLimits.formatBytes(MemoryLimits.maxHeapBytes()) +
                "); give the JVM more with ELECTBENCH_JAVA_OPTS=-Xmx<size>, or ask for less");
            exitCode = Main.EXIT_LIMIT;
        }
        else
        {
            err.println(name + ": internal error: " + error + (debug ? "" : " (" + DEBUG + " shows where)"));
            exitCode = Main.EXIT_FAILURE;
        }
        if (debug)
        {
            error.printStackTrace(err);
        }
        err.flush();
        return exitCode;
    }

    /** @return one line saying what the user got wrong, or null when the error is not the user's. */
    static String userMessage(final Throwable error)
    {
        for (Throwable cause = error; null != cause; cause = cause.getCause())
        {
            final String message = String.valueOf(cause.getMessage());
            if (cause instanceof UnknownHostException || message.contains("UnknownHostException"))
            {
                return "a host does not resolve: " + unwrap(message);
            }
            if (cause instanceof BindException || message.contains("Address already in use"))
            {
                return "an address is already in use (is another process, or this node, already running?): " + unwrap(message);
            }
            if (cause instanceof CharacterCodingException)
            {
                return "not a UTF-8 text file";
            }
            if (cause instanceof NoSuchFileException)
            {
                return "no such file: " + ((NoSuchFileException)cause).getFile();
            }
            if (cause instanceof AccessDeniedException)
            {
                return "permission denied: " + ((AccessDeniedException)cause).getFile();
            }
            if (cause instanceof FileSystemException)
            {
                final FileSystemException fs = (FileSystemException)cause;
                return "cannot use " + fs.getFile() + (null == fs.getReason() ? "" : ": " + fs.getReason());
            }
        }
        if (error instanceof IllegalArgumentException)
        {
            return error.getMessage();
        }
        return null;
    }

    /**
     * @return the first message in the cause chain that says the disk is full, the outermost first as it names the
     * file where a writer added it; null when the disk was not full.
     */
    static String diskFull(final Throwable error)
    {
        for (Throwable cause = error; null != cause; cause = cause.getCause())
        {
            final String message = cause.getMessage();
            if (null != message && (message.contains("No space left on device") || message.contains("Disk quota exceeded")))
            {
                return unwrap(message);
            }
        }
        return null;
    }

    /** @return Aeron's error text without its class names, codes and source positions. */
    private static String unwrap(final String message)
    {
        return message.replaceAll("[\\w.]+(Exception|Error) ?: ", "")
            .replaceAll("ERROR - ", "")
            .replaceAll(", errorCodeValue=\\d+", "")
            .replaceAll(" \\(at [^)]*\\)", "")
            .trim();
    }

    private static boolean debug(final ParseResult parseResult)
    {
        for (ParseResult level = parseResult; null != level; level = level.subcommand())
        {
            if (level.hasMatchedOption(DEBUG))
            {
                return true;
            }
        }
        return false;
    }
}
