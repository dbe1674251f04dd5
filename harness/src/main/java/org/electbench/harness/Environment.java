package org.electbench.harness;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where and how a run was made, written beside its data so a result explains itself.
 *
 * @param javaVersion the JDK's version ({@code java.version}).
 * @param javaVm      the VM's name and version.
 * @param jvmFlags    the JVM's input arguments (flags such as -Xmx, --add-exports, -XX:...).
 * @param cores       processors available to the JVM.
 * @param os          operating system name, version and architecture.
 * @param commit      the source commit ({@code electbench.commit}, else {@code git rev-parse}), or "unknown".
 * @param seed        the seed of run 0; run i derives its own from it.
 * @param commandLine the command that reproduces the run.
 * @param startedUtc  when the run started, ISO-8601 UTC to the second.
 */
public record Environment(
    String javaVersion,
    String javaVm,
    List<String> jvmFlags,
    int cores,
    String os,
    String commit,
    long seed,
    String commandLine,
    String startedUtc)
{
    /** The system property launchers set to the short commit of the sources. */
    public static final String COMMIT_PROPERTY = "electbench.commit";
    /** The system property launchers set to the project's folder, where a command finds the build and writes its results. */
    public static final String HOME_PROPERTY = "electbench.home";

    /**
     * @param seed        the seed of run 0.
     * @param commandLine the command that reproduces the run.
     * @return this JVM's environment, now.
     */
    public static Environment capture(final long seed, final String commandLine)
    {
        return new Environment(
            System.getProperty("java.version"),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
            settingFlags(ManagementFactory.getRuntimeMXBean().getInputArguments()),
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
            sourceCommit(),
            seed,
            commandLine,
            Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /**
     * The JVM flags that set how it ran, without the ones that only say where the project, the run
     * folder and the launcher's class archive are on this machine: a results folder is published, its
     * host's paths are not.
     */
    static List<String> settingFlags(final List<String> inputArguments)
    {
        return inputArguments.stream()
            .filter(flag -> !flag.startsWith("-D" + HOME_PROPERTY + "=") && !flag.startsWith("-D" + RunFolder.PROPERTY + "=") &&
                !flag.startsWith("-XX:SharedArchiveFile="))
            .toList();
    }

    /** @return the same environment for another seed and command. */
    public Environment with(final long seed, final String commandLine)
    {
        return new Environment(javaVersion, javaVm, jvmFlags, cores, os, commit, seed, commandLine, startedUtc);
    }

    /** @return the short commit: the launcher's system property, else git's answer for the project's folder, else "unknown". */
    public static String sourceCommit()
    {
        final String property = System.getProperty(COMMIT_PROPERTY);
        if (null != property && !property.isBlank())
        {
            return property.trim();
        }
        try
        {
            // The launcher names the project's folder; without it, the working directory's repository.
            final String home = System.getProperty(HOME_PROPERTY, ".");
            final Process git = new ProcessBuilder("git", "-C", home, "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
            final String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (git.waitFor(5, TimeUnit.SECONDS) && 0 == git.exitValue() && out.matches("[0-9a-f]{4,40}"))
            {
                return out;
            }
        }
        catch (final IOException ex)
        {
            return "unknown";
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        return "unknown";
    }

    /** @return one line for the top of a table. */
    public String describe()
    {
        return "Java " + javaVersion + " (" + javaVm + "), " + cores + " cores, " + os + "; commit " + commit +
            "; seed " + seed + "; `" + commandLine + "`";
    }
}
