package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import picocli.CommandLine;

/** Starts `node` commands in JVMs of their own, as the cluster-of-processes tests need, and reads their logs. */
final class NodeProcesses
{
    private NodeProcesses()
    {
    }

    /**
     * @param dir     where node K's stdout and stderr go, as node-K.out and node-K.err.
     * @param prefix  a command to run the JVM under (such as {@code ip netns exec NS}), or nothing.
     * @return the started process.
     */
    static Process start(final Path dir, final Path cluster, final int id, final String... prefix) throws IOException
    {
        return startLogged(dir, cluster, id, "node-" + id, prefix);
    }

    /**
     * @param log    the logs' name: its stdout and stderr go to {@code log.out} and {@code log.err} in {@code dir}.
     * @see #start(Path, Path, int, String...)
     */
    static Process startLogged(final Path dir, final Path cluster, final int id, final String log, final String... prefix)
        throws IOException
    {
        return startCommand(dir, log, List.of(prefix), "node", "--cluster", cluster.toString(), "--id", String.valueOf(id));
    }

    /**
     * @param log    the logs' name: its stdout and stderr go to {@code log.out} and {@code log.err} in {@code dir}.
     * @param prefix a command to run the JVM under (such as {@code ip netns exec NS}), or none.
     * @param args   the electbench command line, such as {@code probe --listen PORT}.
     * @return the started process.
     */
    static Process startCommand(final Path dir, final String log, final List<String> prefix, final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
            "-cp", System.getProperty("java.class.path"),
            Main.class.getName()));
        command.addAll(List.of(args));
        final ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectOutput(dir.resolve(log + ".out").toFile());
        builder.redirectError(dir.resolve(log + ".err").toFile());
        return builder.start();
    }

    /**
     * @param out      where the command's report goes.
     * @param err      where its progress goes.
     * @param exitCode set to the command's exit code when it ends.
     * @param args     the command line, such as {@code observe --cluster FILE}.
     * @return a thread, not started, that runs the command in this JVM.
     */
    static Thread command(final StringWriter out, final StringWriter err, final AtomicInteger exitCode, final String... args)
    {
        return new Thread(() ->
        {
            final CommandLine commandLine = Main.commandLine();
            commandLine.setOut(new PrintWriter(out, true));
            commandLine.setErr(new PrintWriter(err, true));
            exitCode.set(commandLine.execute(args));
        }, args[0]);
    }

    /** Stops the processes with SIGTERM, then with SIGKILL those still up after 10 s. */
    static void stop(final List<Process> processes) throws InterruptedException
    {
        for (final Process process : processes)
        {
            process.destroy();
        }
        for (final Process process : processes)
        {
            if (!process.waitFor(10, TimeUnit.SECONDS))
            {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** @return the stderr of nodes 1..N, for a failure message. */
    static String logs(final Path dir, final int nodes)
    {
        final StringBuilder text = new StringBuilder();
        for (int id = 1; id <= nodes; id++)
        {
            try
            {
                text.append("\n--- node ").append(id).append(" stderr ---\n")
                    .append(Files.readString(dir.resolve("node-" + id + ".err"), StandardCharsets.UTF_8));
            }
            catch (final IOException ex)
            {
                text.append("\n(no log for node ").append(id).append(": ").append(ex.getMessage()).append(')');
            }
        }
        return text.toString();
    }
}
