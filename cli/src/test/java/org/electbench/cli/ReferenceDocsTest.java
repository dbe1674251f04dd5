package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Parameter;
import org.electbench.transport.parameters.RunParameters;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The committed docs/reference/ pages are what the declarations generate, as BenchParametersTest guards the benchmark's fields. */
class ReferenceDocsTest
{
    private static final Path ROOT = ReferenceDocs.projectRoot(Path.of("").toAbsolutePath());

    @Test
    void everyCommittedReferencePageMatchesTheDeclarations() throws IOException
    {
        final Map<String, String> pages = ReferenceDocs.pages(ROOT);
        final Path folder = ROOT.resolve(ReferenceDocs.FOLDER);
        for (final Map.Entry<String, String> page : pages.entrySet())
        {
            final Path file = folder.resolve(page.getKey());
            assertTrue(Files.isRegularFile(file), ReferenceDocs.FOLDER + "/" + page.getKey() + " is missing; regenerate: " +
                ReferenceDocs.REGENERATE);
            assertEquals(page.getValue(), Files.readString(file, StandardCharsets.UTF_8), ReferenceDocs.FOLDER + "/" +
                page.getKey() + " is stale (a declaration changed); regenerate: " + ReferenceDocs.REGENERATE);
        }
        final Set<String> committed;
        try (Stream<Path> files = Files.list(folder))
        {
            committed = files.map(file -> file.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(new TreeSet<>(pages.keySet()), committed, "pages in " + ReferenceDocs.FOLDER + " the generator no longer writes");
    }

    @Test
    void pagesCarryEveryDeclaredFlagMetricAndScenario() throws IOException
    {
        final Map<String, String> pages = ReferenceDocs.pages(ROOT);
        assertTrue(pages.get("commands.md").contains("| `--detection-timeout` |"), "a run parameter's flag on simulate");
        assertTrue(pages.get("commands.md").contains("| `--pre-vote` |"), "an algorithm option's flag");
        assertTrue(pages.get("commands.md").contains("## compare"), "every command");
        assertTrue(pages.get("metrics.md").contains("| `convergence` | distribution | ns |"), pages.get("metrics.md"));
        assertTrue(pages.get("scenarios.md").contains("| `switch-failure` |"));
        assertTrue(pages.get("json.md").contains("| `wallNs` | long |"), pages.get("json.md"));
        assertTrue(pages.get("system-properties.md").contains("| `electbench.inmemory.idle` |"));
        assertTrue(pages.get("exit-codes.md").contains("| 2 |"));
    }

    @Test
    void everyDeclaredParameterIsDocumentedAndIsAFlagOfSimulateAndRun() throws IOException
    {
        final String parameters = ReferenceDocs.pages(ROOT).get("parameters.md");
        final List<Parameter<?>> declared = new ArrayList<>();
        RunParameters.all().forEach(parameter -> declared.add(parameter.declared()));
        declared.addAll(AlgorithmRegistry.instance().options());
        final CommandLine main = Main.commandLine();
        for (final Parameter<?> parameter : declared)
        {
            assertTrue(parameters.contains("| `--" + parameter.name() + "`"), parameter.name() + " has a row");
            assertTrue(parameters.contains(parameter.doc().replace("|", "\\|")), parameter.name() + "'s doc is on its row");
            for (final String command : List.of("simulate", "run"))
            {
                assertTrue(null != main.getSubcommands().get(command).getCommandSpec().findOption("--" + parameter.name()),
                    command + " --" + parameter.name());
            }
        }
    }

    @Test
    void javadocTextReducesInlineTagsToTheirWords()
    {
        assertEquals("the `inmemory` runtime's `RunFolder` threads", ReferenceDocs.javadocText(
            "\n     * the {@code inmemory} runtime's\n     * {@link RunFolder} threads\n     "));
    }
}
