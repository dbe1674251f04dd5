package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.electbench.analysis.SampleRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every writer as a command runs it: a link is refused in one line, exit 2, and its target kept. */
class OutputTrustTest
{
    private static final String BASHRC = "alias ll='ls -l'\n";

    @TempDir
    Path temp;

    private Path bashrc() throws Exception
    {
        return Files.writeString(Files.createDirectories(temp.resolve("home")).resolve(".bashrc"), BASHRC);
    }

    @Test
    void reportRefusesALinkedIndexPageInOneLine() throws Exception
    {
        final Path bashrc = bashrc();
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path index = Files.createSymbolicLink(Files.createDirectories(run.resolve("report")).resolve("index.html"), bashrc);

        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("report", run.toString());

        assertEquals(2, outcome.exitCode(), outcome.err());
        assertEquals("report: '" + index + "' is a symbolic link; electbench writes nothing through a link: name the file itself",
            outcome.err().strip());
        assertEquals(BASHRC, Files.readString(bashrc));
    }

    @Test
    void reportRefusesALinkedReportFolderInOneLine() throws Exception
    {
        final Path bashrc = bashrc();
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path report = Files.createSymbolicLink(run.resolve("report"), bashrc.getParent());

        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("report", run.toString());

        assertEquals(2, outcome.exitCode(), outcome.err());
        assertEquals(1, outcome.err().strip().lines().count(), outcome.err());
        assertTrue(outcome.err().startsWith("report: '" + report.toAbsolutePath() + "' is a symbolic link, not a folder"), outcome.err());
        try (var left = Files.list(bashrc.getParent()))
        {
            assertEquals(1, left.count(), "nothing written beside the target");
        }
    }

    @Test
    void runOutAndSimulateTraceRefuseALinkBeforeAnyWork() throws Exception
    {
        final Path bashrc = bashrc();
        final Path link = Files.createSymbolicLink(temp.resolve("results.md"), bashrc);

        final SimulateCommandTest.Outcome run = SimulateCommandTest.electbench("run", "--out", link.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("electbench run: Invalid value for option '--out': '" + link + "' is a symbolic link"), run.err());

        final SimulateCommandTest.Outcome simulate = SimulateCommandTest.electbench("simulate", "--trace", link.toString());
        assertEquals(2, simulate.exitCode(), simulate.err());
        assertTrue(simulate.err().contains("'" + link + "' is a symbolic link"), simulate.err());
        assertFalse(simulate.err().contains("internal error"), simulate.err());
        assertEquals(BASHRC, Files.readString(bashrc));
    }
}
