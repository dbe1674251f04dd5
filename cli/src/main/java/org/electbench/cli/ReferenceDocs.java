package org.electbench.cli;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.electbench.harness.Environment;
import org.electbench.harness.MetricValue;
import org.electbench.harness.RunReport;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Parameter;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes {@code docs/reference/} from the declarations: the commands' flags from their picocli
 * specs, the run parameters and algorithm options, the metrics, the scenarios, the run report's
 * JSON fields, the system properties and the exit codes (as Aeron's {@code ConfigDocGenerator}
 * writes its configuration page). The JSON fields and system properties carry their Javadoc, read
 * from the sources. {@code ReferenceDocsTest} fails when a committed page differs from what this
 * writes.
 */
public final class ReferenceDocs
{
    /** The command that rewrites the pages, quoted by every page and by the staleness test. */
    public static final String REGENERATE = "mvn -B -q install -DskipTests && mvn -B -q -pl cli exec:java@reference-docs";
    /** Where the pages live, relative to the project's root. */
    public static final String FOLDER = "docs/reference";

    private static final String BANNER = "<!-- Generated from the declarations by org.electbench.cli.ReferenceDocs; do not edit. " +
        "Regenerate: " + REGENERATE + " -->\n\n";
    private static final Pattern PROPERTY = Pattern.compile(
        "public static final String (\\w+) = \"((?:electbench|jmh)\\.[A-Za-z.-]+)\";");

    private ReferenceDocs()
    {
    }

    /** @param args the project's root (default: the working directory's parent when run from {@code cli}, else it). */
    public static void main(final String[] args) throws IOException
    {
        final Path root = args.length > 0 ? Path.of(args[0]) : projectRoot(Path.of("").toAbsolutePath());
        final Path folder = root.resolve(FOLDER);
        Files.createDirectories(folder);
        for (final Map.Entry<String, String> page : pages(root).entrySet())
        {
            Files.writeString(folder.resolve(page.getKey()), page.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** @return the project's root: the nearest folder, from {@code start} up, with {@code docs/} and {@code cli/}. */
    public static Path projectRoot(final Path start)
    {
        for (Path at = start; null != at; at = at.getParent())
        {
            if (Files.isDirectory(at.resolve("cli")) && Files.isDirectory(at.resolve("algorithms")))
            {
                return at;
            }
        }
        throw new IllegalStateException("no electbench project above " + start);
    }

    /**
     * @param root the project's root, whose sources give the Javadoc of JSON fields and system properties.
     * @return every page by file name, in index order.
     */
    public static Map<String, String> pages(final Path root) throws IOException
    {
        final Map<String, String> pages = new LinkedHashMap<>();
        pages.put("README.md", index());
        pages.put("commands.md", commands());
        pages.put("parameters.md", parameters());
        pages.put("metrics.md", metrics());
        pages.put("scenarios.md", scenarios());
        pages.put("json.md", json(root));
        pages.put("system-properties.md", systemProperties(root));
        pages.put("exit-codes.md", exitCodes());
        return pages;
    }

    private static String index()
    {
        return BANNER + "# Reference\n\nGenerated from the declarations; the guide (`docs/guide/`) explains, these pages list.\n\n" +
            "- [Commands and flags](commands.md): every command's flags, from its picocli declaration (what `--help` prints)\n" +
            "- [Run parameters and algorithm options](parameters.md): one declaration each, behind the flags, JMH " +
            "parameters and cluster-file keys\n" +
            "- [Metrics](metrics.md): every figure a run report, table, CSV and JMH counter carries\n" +
            "- [Scenarios](scenarios.md)\n" +
            "- [JSON fields](json.md): the run report (`simulate --format json`, run folders' `reports/`)\n" +
            "- [System properties](system-properties.md)\n" +
            "- [Exit codes](exit-codes.md)\n";
    }

    private static String commands()
    {
        final CommandLine main = Main.commandLine();
        final StringBuilder page = new StringBuilder(BANNER).append("# Commands and flags\n\n");
        page.append("`./electbench COMMAND [FLAGS]`; every command takes `--help`, and `--debug` (a stack trace with an error).\n\n");
        for (final String name : main.getSubcommands().keySet())
        {
            page.append("- [`").append(name).append("`](#").append(name).append(")\n");
        }
        for (final Map.Entry<String, CommandLine> command : main.getSubcommands().entrySet())
        {
            final CommandSpec spec = command.getValue().getCommandSpec();
            page.append("\n## ").append(command.getKey()).append("\n\n");
            for (final String line : spec.usageMessage().description())
            {
                page.append(text(line)).append("\n\n");
            }
            page.append("| flag | value | default | what |\n|---|---|---|---|\n");
            for (final PositionalParamSpec positional : spec.positionalParameters())
            {
                page.append("| (positional) | `").append(cell(positional.paramLabel())).append("` | | ")
                    .append(cell(text(String.join(" ", positional.description())))).append(" |\n");
            }
            for (final OptionSpec option : spec.options())
            {
                if (option.usageHelp() || option.versionHelp() || option.hidden() || option.longestName().equals(ErrorHandler.DEBUG))
                {
                    continue;
                }
                final String names = option.negatable() ?
                    String.join(", ", option.names()) + ", " + option.longestName().replaceFirst("^--", "--no-") :
                    String.join(", ", option.names());
                final String value = 0 == option.arity().max() ? "" : "`" + cell(option.paramLabel()) + "`";
                final String given = option.defaultValue();
                final String defaultText = null == given || 0 == option.arity().max() && !option.negatable() ? "" :
                    "`" + cell(given) + "`";
                page.append("| `").append(cell(names)).append("` | ").append(value).append(" | ").append(defaultText).append(" | ")
                    .append(cell(text(String.join(" ", option.description()).replace("${DEFAULT-VALUE}", String.valueOf(given)))))
                    .append(" |\n");
            }
        }
        return page.toString();
    }

    private static String parameters()
    {
        final StringBuilder page = new StringBuilder(BANNER).append("# Run parameters and algorithm options\n\n");
        page.append("Each is declared once; `simulate`, `run` (`-p NAME=V,...`), `chaos`, the benchmarks' JMH parameters, ")
            .append("run-report keys and cluster-file keys are made from the declarations. A value not given is not passed on: ")
            .append("the algorithm derives it where a default would distort its results.\n\n");
        page.append("## Run parameters\n\n| flag | key | unit | default | accepted | what |\n|---|---|---|---|---|---|\n");
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            page.append("| `--").append(parameter.name()).append("` | `").append(parameter.key()).append("` | ")
                .append(cell(parameter.unit())).append(" | ").append(cell(parameter.defaultText())).append(" | ")
                .append(cell(parameter.accepted())).append(" | ").append(cell(parameter.help())).append(" |\n");
        }
        final AlgorithmRegistry registry = AlgorithmRegistry.instance();
        page.append("\n## Algorithm options\n\nDeclared by each algorithm (`ElectionAlgorithm.options()`); a flag of ")
            .append("`simulate`, `run` and `chaos`, and a cluster-file key. An algorithm ignores an option it does not declare.\n\n")
            .append("| flag | algorithms | default | accepted | what |\n|---|---|---|---|---|\n");
        for (final Parameter<?> option : registry.options())
        {
            final List<String> names = new ArrayList<>();
            names.add("--" + option.name());
            option.aliases().forEach(alias -> names.add("--" + alias));
            page.append("| `").append(String.join("`, `", names)).append("` | ")
                .append(String.join(", ", registry.algorithmsDeclaring(option))).append(" | `")
                .append(cell(formatDefault(option))).append("` | ").append(cell(option.accepted())).append(" | ")
                .append(cell(option.doc())).append(" |\n");
        }
        return page.toString();
    }

    private static <T> String formatDefault(final Parameter<T> option)
    {
        return option.format(option.defaultValue());
    }

    private static String metrics()
    {
        final StringBuilder page = new StringBuilder(BANNER).append("# Metrics\n\n");
        page.append("Declared once (`org.electbench.transport.metrics.Metrics`), in the order every writer shows them. ")
            .append("Kinds: `distribution` (a value per election, with percentiles and a histogram), `count` and `mean` ")
            .append("(per election), `violation` (runs that broke the property, out of the runs it could be judged on). ")
            .append("Metrics marked *paired* exist only on real-clock runtimes, where each run is paired with a simulator floor.\n\n")
            .append("| name | kind | unit | what |\n|---|---|---|---|\n");
        for (final Metric metric : Metrics.STANDARD)
        {
            page.append("| `").append(metric.name()).append("` | ").append(metric.kind().name().toLowerCase(java.util.Locale.ROOT))
                .append(" | ").append(cell(metric.unit().symbol())).append(" | ")
                .append(metric.isPairedOnly() ? "*paired*: " : "").append(cell(metric.description())).append(" |\n");
        }
        final Metric first = Metrics.AVAILABILITY_OVER_TIME.get(0);
        page.append("\nAlso in run reports: `").append(first.name()).append("` … `")
            .append(Metrics.AVAILABILITY_OVER_TIME.get(Metrics.AVAILABILITY_OVER_TIME.size() - 1).name()).append("` (")
            .append(first.unit().symbol()).append("; ").append(cell(first.description().replace("part 1 ", "each part ")))
            .append("), and `").append(Metrics.MESSAGES_BY_TYPE_PREFIX)
            .append("TYPE` for each message type the algorithm declares but its heartbeat (messages from the fault to agreement).\n");
        return page.toString();
    }

    private static String scenarios()
    {
        final StringBuilder page = new StringBuilder(BANNER).append("# Scenarios\n\n");
        page.append("`--scenario NAME`; each kind states its own faults and what it is measured from. The guide's ")
            .append("[chapter 1](../guide/01-simulate.md#scenarios) gives each its source and the details users ask about.\n\n")
            .append("| name | what happens |\n|---|---|\n");
        for (final ScenarioKind kind : ScenarioKind.values())
        {
            page.append("| `").append(kind.cliName()).append("` | ").append(cell(kind.description())).append(" |\n");
        }
        return page.toString();
    }

    private static String json(final Path root) throws IOException
    {
        final StringBuilder page = new StringBuilder(BANNER).append("# JSON fields of a run report\n\n");
        page.append("`simulate --format json` prints one; the benchmarks write one per parameter combination into a run ")
            .append("folder's `reports/`. Format `").append(RunReport.FORMAT).append("`; the field names are a contract.\n");
        recordFields(page, root, "run report", RunReport.class);
        recordFields(page, root, "each of `metrics`", MetricValue.class);
        recordFields(page, root, "`environment`", Environment.class);
        return page.toString();
    }

    private static void recordFields(final StringBuilder page, final Path root, final String title, final Class<?> type)
        throws IOException
    {
        final Map<String, String> docs = paramDocs(source(root, type));
        page.append("\n## ").append(title).append(" (`").append(type.getSimpleName()).append("`)\n\n| field | type | what |\n|---|---|---|\n");
        for (final RecordComponent component : type.getRecordComponents())
        {
            page.append("| `").append(component.getName()).append("` | ").append(cell(component.getGenericType().getTypeName()
                .replaceAll("[a-z]+\\.", ""))).append(" | ").append(cell(docs.getOrDefault(component.getName(), ""))).append(" |\n");
        }
    }

    private static String systemProperties(final Path root) throws IOException
    {
        final Map<String, String[]> found = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root))
        {
            for (final Path file : files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/"))
                .sorted().collect(Collectors.toList()))
            {
                final String text = Files.readString(file, StandardCharsets.UTF_8);
                final Matcher matcher = PROPERTY.matcher(text);
                while (matcher.find())
                {
                    if (matcher.group(2).matches(".*\\.(json|log|lock)"))
                    {
                        continue;
                    }
                    final String className = file.getFileName().toString().replace(".java", "");
                    found.put(matcher.group(2), new String[] {className + "." + matcher.group(1), javadocBefore(text, matcher.start())});
                }
            }
        }
        final StringBuilder page = new StringBuilder(BANNER).append("# System properties\n\n");
        page.append("Set through the launcher with `ELECTBENCH_JAVA_OPTS=\"-DNAME=VALUE ...\"`. Some are set by `run` for its ")
            .append("benchmark forks; they are listed so a run by hand can do the same.\n\n| property | declared in | what |\n|---|---|---|\n");
        for (final Map.Entry<String, String[]> property : found.entrySet())
        {
            page.append("| `").append(property.getKey()).append("` | `").append(property.getValue()[0]).append("` | ")
                .append(cell(property.getValue()[1])).append(" |\n");
        }
        return page.toString();
    }

    private static String exitCodes()
    {
        final StringBuilder page = new StringBuilder(BANNER).append("# Exit codes\n\nEvery command:\n\n| code | meaning |\n|---|---|\n");
        for (final Map.Entry<String, String> code : Main.commandLine().getCommandSpec().usageMessage().exitCodeList().entrySet())
        {
            page.append("| ").append(code.getKey().trim()).append(" | ").append(cell(code.getValue())).append(" |\n");
        }
        for (final Map.Entry<String, CommandLine> command : Main.commandLine().getSubcommands().entrySet())
        {
            final Map<String, String> own = command.getValue().getCommandSpec().usageMessage().exitCodeList();
            if (!own.isEmpty())
            {
                page.append("\n`").append(command.getKey()).append("` also:\n\n| code | meaning |\n|---|---|\n");
                own.forEach((code, meaning) -> page.append("| ").append(code.trim()).append(" | ").append(cell(meaning)).append(" |\n"));
            }
        }
        return page.toString();
    }

    private static Path source(final Path root, final Class<?> type) throws IOException
    {
        final String relative = "src/main/java/" + type.getName().replace('.', '/') + ".java";
        try (Stream<Path> modules = Files.walk(root, 3))
        {
            return modules.map(module -> module.resolve(relative)).filter(Files::isRegularFile).findFirst()
                .orElseThrow(() -> new IOException("no source " + relative + " under " + root));
        }
    }

    /** @return a record's {@code @param} texts from the Javadoc before its declaration, by component name. */
    private static Map<String, String> paramDocs(final Path source) throws IOException
    {
        final String text = Files.readString(source, StandardCharsets.UTF_8);
        final int declaration = text.indexOf("public record ");
        final int start = text.lastIndexOf("/**", declaration);
        final Map<String, String> docs = new LinkedHashMap<>();
        if (start < 0)
        {
            return docs;
        }
        final String javadoc = javadocText(text.substring(start + 3, text.indexOf("*/", start)));
        final Matcher matcher = Pattern.compile("@param (\\w+)\\s+(.*?)(?=@param |@\\w+ |$)").matcher(javadoc);
        while (matcher.find())
        {
            docs.put(matcher.group(1), matcher.group(2).trim());
        }
        return docs;
    }

    /** @return the text of the Javadoc comment that ends right before {@code at}, or "" when none does. */
    private static String javadocBefore(final String text, final int at)
    {
        final String before = text.substring(0, at).stripTrailing();
        if (!before.endsWith("*/"))
        {
            return "";
        }
        final int start = before.lastIndexOf("/**");
        return start < 0 ? "" : javadocText(before.substring(start + 3, before.length() - 2));
    }

    /** @return a Javadoc comment's body as one line of plain text, inline tags reduced to their words. */
    static String javadocText(final String body)
    {
        final String joined = body.lines().map(line -> line.replaceFirst("^\\s*\\*\\s?", "").trim())
            .collect(Collectors.joining(" "));
        final String withoutPre = joined.replaceAll("(?s)<pre>.*?</pre>", "").replaceAll("<[^>]+>", "");
        return withoutPre.replaceAll("\\{@(?:code|link|linkplain|value) #?([^}]*)}", "`$1`").replaceAll("\\s+", " ").trim();
    }

    /** @return picocli's description text without its format escapes. */
    private static String text(final String description)
    {
        return description.replace("%n", " ").replace("%%", "%").replaceAll("\\s+", " ").trim();
    }

    /** @return text safe inside a markdown table cell. */
    private static String cell(final String text)
    {
        return null == text ? "" : text.replace("|", "\\|").replace("\n", " ");
    }
}
