package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code ./electbench} launcher, copied into a built tree of its own with a Java that only
 * prints its arguments: a command on the simulator alone runs with C1 alone, a command on a real
 * clock (and {@code run}, whose JMH forks inherit the flags) with the full JIT, and the user's
 * {@code ELECTBENCH_JAVA_OPTS} come after, so they win. A command maps the class archive made once
 * for its build, and {@code run} goes without it. The archive holds the lambdas but those of a type it had to
 * leave out. A command that records no environment is not told the commit, and one that only
 * simulates goes without Agrona's bounds checks.
 */
class LauncherFlagsTest
{
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
    private static final String ARCHIVE = "-XX:SharedArchiveFile=";

    @TempDir
    Path root;

    @BeforeEach
    void builtTree() throws Exception
    {
        final Path launcher = Path.of(System.getProperty("user.dir")).resolveSibling("electbench");
        assumeTrue(Files.isRegularFile(launcher), () -> "no launcher at " + launcher);
        Files.copy(launcher, root.resolve("electbench"));
        Files.createDirectories(root.resolve("cli/target"));
        Files.createDirectories(root.resolve("bench/target"));
        Files.writeString(root.resolve("cli/target/electbench-cli-0.1.0-SNAPSHOT.jar"), "");
        Files.writeString(root.resolve("bench/target/benchmarks.jar"), "");
        Files.writeString(root.resolve("cli/target/.launcher-built"), "");
        final Path java = root.resolve("fake/java/bin/java");
        Files.createDirectories(java.getParent());
        // Prints its arguments; makes the class list or the archive a flag names, and logs that it did.
        // With FAKE_OLD_TYPE set, its class lists hold a lambda of that type and of another, and a dump
        // of a list with the first reports the type left out as a Java 5 class would be; each list
        // dumped is kept.
        Files.writeString(java, String.join("\n",
            "#!/usr/bin/env bash",
            "here=\"$(dirname \"$0\")\"",
            "for arg in \"$@\"; do",
            "  case \"$arg\" in",
            "    -XX:DumpLoadedClassList=*) echo org/electbench/cli/Main >\"${arg#*=}\"; echo list >>\"$here/calls\"",
            "      if [ -n \"${FAKE_OLD_TYPE:-}\" ]; then",
            "        echo \"@lambda-proxy org/electbench/cli/Main convert ()L$FAKE_OLD_TYPE; (Ljava/lang/String;)Ljava/lang/Object;\" >>\"${arg#*=}\"",
            "        echo '@lambda-proxy org/electbench/cli/Main apply ()Ljava/util/function/Function; (Ljava/lang/Object;)Ljava/lang/Object;' >>\"${arg#*=}\"",
            "      fi ;;",
            "    -XX:SharedClassListFile=*) cp \"${arg#*=}\" \"$here/dumped.$(wc -l <\"$here/calls\")\"",
            "      if grep -q \"L${FAKE_OLD_TYPE:-none};\" \"${arg#*=}\"; then echo \"[warning][cds] Skipping $FAKE_OLD_TYPE: Old class has been linked\"; fi ;;",
            "    -XX:SharedArchiveFile=*) if [[ \" $* \" == *' -Xshare:dump '* ]]; then",
            "        if [ -n \"${FAKE_FAIL_SECOND:-}\" ] && grep -q dump \"$here/calls\"; then echo failed >>\"$here/calls\"; exit 1; fi",
            "        echo archive >\"${arg#*=}\"; echo dump >>\"$here/calls\"",
            "      fi ;;",
            "  esac",
            "done",
            "printf '%s\\n' \"$@\"",
            ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private List<String> javaArguments(final String javaOpts, final String... args) throws Exception
    {
        return launch(javaOpts, "", false, args);
    }

    private List<String> launch(final String javaOpts, final String oldType, final boolean failSecondDump, final String... args)
        throws Exception
    {
        final List<String> command = new ArrayList<>(List.of("bash", root.resolve("electbench").toString()));
        command.addAll(List.of(args));
        final ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", root.resolve("fake/java").toString());
        builder.environment().put("ELECTBENCH_JAVA_OPTS", javaOpts);
        builder.environment().put("FAKE_OLD_TYPE", oldType);
        builder.environment().put("FAKE_FAIL_SECOND", failSecondDump ? "yes" : "");
        final Process process = builder.start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        return output.lines().toList();
    }

    private boolean c1Only(final String... args) throws Exception
    {
        return javaArguments("", args).contains(C1_ONLY);
    }

    @Test
    void commandsOnTheSimulatorAloneRunWithC1Alone() throws Exception
    {
        for (final String command : List.of("tune", "chaos", "report", "compare", "reference"))
        {
            assertTrue(c1Only(command, "--nodes", "5"), command);
        }
        assertTrue(c1Only("simulate", "--runs", "1000"));
        assertTrue(c1Only("simulate", "--transport", "sim"));
        assertTrue(c1Only("simulate", "--transport=sim"));
    }

    @Test
    void commandsOnARealClockKeepTheFullJit() throws Exception
    {
        assertFalse(c1Only("simulate", "--transport", "inmemory", "--runs", "10"));
        assertFalse(c1Only("simulate", "--runs", "10", "--transport=aeron-udp"));
        for (final String command : List.of("run", "node", "observe", "probe", "--version"))
        {
            assertFalse(c1Only(command), command);
        }
    }

    @Test
    void aCommandMapsTheClassArchiveMadeOnceForItsBuild() throws Exception
    {
        final Path calls = root.resolve("fake/java/bin/calls");
        final String archive = archiveFlag(javaArguments("", "tune", "--nodes", "5"));
        assertTrue(Files.isRegularFile(Path.of(archive.substring(archive.indexOf('=') + 1))), archive);
        assertEquals(List.of("list", "list", "list", "list", "dump"), Files.readAllLines(calls));

        assertEquals(archive, archiveFlag(javaArguments("", "simulate", "--transport", "inmemory")));
        assertEquals(5, Files.readAllLines(calls).size(), "made again with no new build");

        final Path jar = root.resolve("cli/target/electbench-cli-0.1.0-SNAPSHOT.jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        assertEquals(archive, archiveFlag(javaArguments("", "chaos")));
        assertEquals(10, Files.readAllLines(calls).size(), "made again for a new build");
    }

    @Test
    void onlyACommandThatOnlySimulatesGoesWithoutAgronasBoundsChecks() throws Exception
    {
        final String unchecked = "-Dagrona.disable.bounds.checks=true";
        for (final List<String> command : List.of(List.of("tune", "--nodes", "17"), List.of("chaos"), List.of("simulate", "--runs", "10"),
            List.of("simulate", "--transport=sim")))
        {
            assertTrue(javaArguments("", command.toArray(new String[0])).contains(unchecked), command.toString());
        }
        for (final List<String> command : List.of(List.of("simulate", "--transport", "aeron-udp"), List.of("node"), List.of("run"),
            List.of("reference"), List.of("report"), List.of("compare"), List.of("observe")))
        {
            assertFalse(javaArguments("", command.toArray(new String[0])).contains(unchecked), command.toString());
        }
    }

    @Test
    void onlyTheCommandsThatRecordTheirEnvironmentAreToldTheCommit() throws Exception
    {
        // The tree is no repository, so git's answer is "unknown": asked for, and passed on.
        for (final String command : List.of("simulate", "run", "reference", "node"))
        {
            assertTrue(javaArguments("", command).contains("-Delectbench.commit=unknown"), command);
        }
        for (final String command : List.of("tune", "chaos", "compare", "report"))
        {
            assertTrue(javaArguments("", command).stream().noneMatch(arg -> arg.startsWith("-Delectbench.commit")), command);
        }
    }

    @Test
    void theArchiveIsMadeAgainWithoutTheLambdasOfATypeItLeftOut() throws Exception
    {
        final Path bin = root.resolve("fake/java/bin");
        archiveFlag(launch("", "picocli/CommandLine$ITypeConverter", false, "tune"));
        assertEquals(List.of("list", "list", "list", "list", "dump", "dump"), Files.readAllLines(bin.resolve("calls")));
        final List<String> first = Files.readAllLines(bin.resolve("dumped.4"));
        final List<String> second = Files.readAllLines(bin.resolve("dumped.5"));
        assertTrue(first.stream().anyMatch(line -> line.contains("Lpicocli/CommandLine$ITypeConverter;")), first.toString());
        assertTrue(second.stream().noneMatch(line -> line.contains("Lpicocli/CommandLine$ITypeConverter;")), second.toString());
        assertTrue(second.contains("org/electbench/cli/Main"), second.toString());
        assertTrue(second.stream().anyMatch(line -> line.contains("Ljava/util/function/Function;")), second.toString());
    }

    @Test
    void theFirstArchiveIsKeptWhenTheSecondDumpFails() throws Exception
    {
        final String archive = archiveFlag(launch("", "picocli/CommandLine$ITypeConverter", true, "tune"));
        assertEquals(List.of("list", "list", "list", "list", "dump", "failed"),
            Files.readAllLines(root.resolve("fake/java/bin/calls")));
        assertEquals(List.of("archive"), Files.readAllLines(Path.of(archive.substring(archive.indexOf('=') + 1))));
    }

    @Test
    void runGoesWithoutTheArchive() throws Exception
    {
        assertTrue(javaArguments("", "run").stream().noneMatch(arg -> arg.startsWith(ARCHIVE)));
    }

    private static String archiveFlag(final List<String> arguments)
    {
        return arguments.stream().filter(arg -> arg.startsWith(ARCHIVE)).findFirst()
            .orElseThrow(() -> new AssertionError("no " + ARCHIVE + " in " + arguments));
    }

    @Test
    void theUsersJavaOptionsComeAfterAndWin() throws Exception
    {
        final List<String> arguments = javaArguments("-XX:TieredStopAtLevel=4", "tune");
        assertTrue(arguments.indexOf(C1_ONLY) >= 0 && arguments.indexOf(C1_ONLY) < arguments.indexOf("-XX:TieredStopAtLevel=4"),
            arguments.toString());
    }
}
