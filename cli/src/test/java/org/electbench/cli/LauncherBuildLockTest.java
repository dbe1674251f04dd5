package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code ./electbench} launcher, copied into a tree of its own with a Maven and a Java that only
 * record their calls (a real build takes minutes): three launchers started together after a source change
 * all succeed, and one of them builds.
 */
class LauncherBuildLockTest
{
    private static final String MAVEN = """
        #!/usr/bin/env bash
        echo "$*" >> builds.log
        sleep 2
        mkdir -p cli/target bench/target
        touch cli/target/electbench-cli-0.1.0-SNAPSHOT.jar bench/target/benchmarks.jar
        """;
    private static final String JAVA = """
        #!/usr/bin/env bash
        echo "ran $*"
        """;

    @TempDir
    Path root;

    private static void script(final Path file, final String text) throws Exception
    {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void threeLaunchersAfterASourceChangeAllSucceedWithOneBuild() throws Exception
    {
        final Path launcher = Path.of(System.getProperty("user.dir")).resolveSibling("electbench");
        assumeTrue(Files.isRegularFile(launcher), () -> "no launcher at " + launcher);
        assumeTrue(new ProcessBuilder("flock", "--version").start().waitFor() == 0, "no flock (util-linux) here");
        Files.copy(launcher, root.resolve("electbench"));
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Files.createDirectories(root.resolve("cli/src/main/java"));
        Files.writeString(root.resolve("cli/src/main/java/Changed.java"), "class Changed {}\n");
        script(root.resolve("fake/bin/mvn"), MAVEN);
        script(root.resolve("fake/java/bin/java"), JAVA);

        final List<Process> launchers = new ArrayList<>();
        for (int i = 0; i < 3; i++)
        {
            final ProcessBuilder builder = new ProcessBuilder("bash", root.resolve("electbench").toString(), "--version")
                .directory(root.toFile()).redirectErrorStream(true);
            builder.environment().put("PATH", root.resolve("fake/bin") + File.pathSeparator + System.getenv("PATH"));
            builder.environment().put("JAVA_HOME", root.resolve("fake/java").toString());
            builder.environment().put("ELECTBENCH_MAVEN_OPTS", "-o -Dpassed.through=yes");
            launchers.add(builder.start());
        }
        for (final Process process : launchers)
        {
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.contains("org.electbench.cli.Main --version"), output);
        }
        final List<String> builds = Files.readAllLines(root.resolve("builds.log"));
        assertEquals(1, builds.size(), () -> "builds: " + builds);
        assertEquals("-q -B -Dstyle.color=never -o -Dpassed.through=yes -DskipTests package", builds.get(0));
    }
}
