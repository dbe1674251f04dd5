package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.electbench.deploy.ClusterFile;
import org.electbench.spi.AlgorithmRegistry;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The shipped Kubernetes manifests and Slurm scripts say only what electbench accepts: every
 * {@code ./electbench} command line in them names a command and flags its picocli spec declares, the
 * cluster file parses with its declared keys and lists as many nodes as the StatefulSet runs, the
 * Indexed Job's shards add up, and every volume a container mounts exists. No cluster is needed.
 */
class DeployManifestsTest
{
    private static final Path ROOT = ReferenceDocs.projectRoot(Path.of("").toAbsolutePath());
    private static final Path KUBERNETES = ROOT.resolve("deploy/kubernetes");
    private static final Path SLURM = ROOT.resolve("deploy/slurm");
    private static final Pattern COMMAND_LINE = Pattern.compile("(?:\\./|/)electbench\\s+([^\\n;&|]+)");

    private static List<Map<String, Object>> documents(final Path file) throws IOException
    {
        final List<Map<String, Object>> documents = new ArrayList<>();
        for (final Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(Files.readString(file)))
        {
            if (null != document)
            {
                documents.add(map(document));
            }
        }
        return documents;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(final Object value)
    {
        return (Map<String, Object>)value;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(final Object value)
    {
        return (List<Object>)value;
    }

    private static Map<String, Object> podSpec(final Map<String, Object> document)
    {
        return map(map(map(document.get("spec")).get("template")).get("spec"));
    }

    private static Map<String, Object> kind(final List<Map<String, Object>> documents, final String kind)
    {
        return documents.stream().filter(document -> kind.equals(document.get("kind"))).findFirst()
            .orElseThrow(() -> new AssertionError("no " + kind));
    }

    /** @return every electbench command line in the text, its flags checked against the command's picocli spec. */
    private static List<String> checkCommandLines(final String text, final String where)
    {
        final CommandLine main = Main.commandLine();
        final List<String> found = new ArrayList<>();
        final Matcher matcher = COMMAND_LINE.matcher(text);
        while (matcher.find())
        {
            final String[] words = matcher.group(1).trim().split("\\s+");
            if (words[0].startsWith("-"))
            {
                assertTrue(main.getCommandSpec().findOption(words[0]) != null, where + ": electbench " + words[0]);
                continue;
            }
            final CommandLine command = main.getSubcommands().get(words[0]);
            assertTrue(null != command, where + ": no command '" + words[0] + "'; the commands: " + main.getSubcommands().keySet());
            final CommandSpec spec = command.getCommandSpec();
            for (int i = 1; i < words.length; i++)
            {
                if (words[i].startsWith("-"))
                {
                    final String flag = words[i].split("=", 2)[0];
                    assertTrue(null != spec.findOption(flag), where + ": '" + words[0] + "' has no flag " + flag);
                }
            }
            found.add(words[0]);
        }
        return found;
    }

    private static void checkContainers(final Map<String, Object> document, final String where)
    {
        final Map<String, Object> pod = podSpec(document);
        final Set<String> volumes = new HashSet<>();
        list(pod.getOrDefault("volumes", List.of())).forEach(volume -> volumes.add((String)map(volume).get("name")));
        for (final Object item : list(pod.get("containers")))
        {
            final Map<String, Object> container = map(item);
            assertEquals("electbench:latest", container.get("image"), where + ": the image the Dockerfile builds");
            final List<String> words = new ArrayList<>();
            list(container.getOrDefault("command", List.of())).forEach(word -> words.add(String.valueOf(word)));
            list(container.getOrDefault("args", List.of())).forEach(word -> words.add(String.valueOf(word)));
            assertFalse(checkCommandLines(String.join("\n", words), where).isEmpty(), where + ": runs electbench");
            for (final Object mount : list(container.getOrDefault("volumeMounts", List.of())))
            {
                assertTrue(volumes.contains((String)map(mount).get("name")), where + ": mounts an undeclared volume " + mount);
            }
        }
    }

    @Test
    void theIndexedJobRunsShardIndexPlusOneOfItsCompletionsAndTheReportMergesThemFromTheSameVolume() throws IOException
    {
        final Map<String, Object> shards = kind(documents(KUBERNETES.resolve("shards-job.yaml")), "Job");
        final Map<String, Object> spec = map(shards.get("spec"));
        assertEquals("Indexed", spec.get("completionMode"));
        checkContainers(shards, "shards-job.yaml");
        final String args = String.valueOf(list(map(list(podSpec(shards).get("containers")).get(0)).get("args")).get(0));
        assertTrue(args.contains("--shard $((JOB_COMPLETION_INDEX + 1))/" + spec.get("completions") + " "),
            "shard i+1 of K = completions: " + args);
        assertTrue(args.contains("--runs-dir /results/runs"), args);

        final Map<String, Object> report = kind(documents(KUBERNETES.resolve("report-job.yaml")), "Job");
        checkContainers(report, "report-job.yaml");
        final String reportArgs = String.valueOf(list(map(list(podSpec(report).get("containers")).get(0)).get("args")).get(0));
        assertTrue(reportArgs.contains("report /results/runs/*"), "the report reads every shard's folder: " + reportArgs);
        final String claim = "electbench-results";
        assertEquals(claim, map(kind(documents(KUBERNETES.resolve("results-volume.yaml")), "PersistentVolumeClaim")
            .get("metadata")).get("name"));
        for (final Map<String, Object> job : List.of(shards, report))
        {
            assertTrue(list(podSpec(job).get("volumes")).stream()
                .anyMatch(volume -> map(volume).containsKey("persistentVolumeClaim") &&
                    claim.equals(map(map(volume).get("persistentVolumeClaim")).get("claimName"))), "one shared volume");
        }
    }

    @Test
    void theStatefulSetRunsOneNodePerPodOfTheGeneratedClusterFile() throws Exception
    {
        final Process generate = new ProcessBuilder("bash", KUBERNETES.resolve("cluster-file.sh").toString(), "3", "bully")
            .redirectErrorStream(true).start();
        final String generated = new String(generate.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(generate.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, generate.exitValue(), generated);
        assertEquals(Files.readString(KUBERNETES.resolve("cluster-configmap.yaml")), generated,
            "cluster-configmap.yaml is what cluster-file.sh 3 bully prints");

        final Map<String, Object> configMap = kind(documents(KUBERNETES.resolve("cluster-configmap.yaml")), "ConfigMap");
        final String clusterText = (String)map(configMap.get("data")).get("cluster.txt");
        final ClusterFile cluster = ClusterFile.parse(clusterText, "cluster-configmap.yaml", AlgorithmRegistry.instance());

        final List<Map<String, Object>> documents = documents(KUBERNETES.resolve("cluster.yaml"));
        final Map<String, Object> service = kind(documents, "Service");
        final Map<String, Object> nodes = kind(documents, "StatefulSet");
        final Map<String, Object> observer = kind(documents, "Job");
        assertEquals("None", map(service.get("spec")).get("clusterIP"), "a headless Service");
        final String serviceName = (String)map(service.get("metadata")).get("name");
        assertEquals(serviceName, map(nodes.get("spec")).get("serviceName"));
        assertEquals(serviceName, podSpec(observer).get("subdomain"));
        final int replicas = (Integer)map(nodes.get("spec")).get("replicas");
        assertEquals(replicas, cluster.clusterSize(), "a node of the file per pod");
        final String podPrefix = (String)map(nodes.get("metadata")).get("name");
        for (int id = 1; id <= replicas; id++)
        {
            assertTrue(clusterText.contains("node " + id + " " + podPrefix + "-" + (id - 1) + "." + serviceName + ":"),
                "node " + id + " is pod " + (id - 1) + ": " + clusterText);
        }
        assertTrue(clusterText.contains("observer " + podSpec(observer).get("hostname") + "." + serviceName + ":"), clusterText);
        checkContainers(nodes, "cluster.yaml StatefulSet");
        checkContainers(observer, "cluster.yaml observer");
        for (final String line : clusterText.split("\n"))
        {
            final String key = line.trim().split("\\s+")[0];
            assertTrue(line.isBlank() || ClusterFile.keys(AlgorithmRegistry.instance()).contains(key), "a declared key: " + line);
        }
    }

    @Test
    void theSlurmArrayRunsOneShardPerTaskAndTheReportWaitsForIt() throws IOException
    {
        final String shards = Files.readString(SLURM.resolve("electbench-shards.sbatch"));
        assertEquals(List.of("run"), checkCommandLines(shards, "electbench-shards.sbatch"));
        assertTrue(shards.contains("#SBATCH --array=1-"), shards);
        assertTrue(shards.contains("--shard \"${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}\""), "task i is shard i of K: " + shards);
        assertEquals(List.of("report"), checkCommandLines(Files.readString(SLURM.resolve("electbench-report.sbatch")),
            "electbench-report.sbatch"));
        final String submit = Files.readString(SLURM.resolve("submit.sh"));
        checkCommandLines(submit.replace("\"$ELECTBENCH_HOME/electbench\"", "./electbench"), "submit.sh");
        assertTrue(submit.contains("--dependency=\"afterok:"), submit);
    }

    @Test
    void aFlagElectbenchDoesNotDeclareIsCaught()
    {
        final AssertionError error = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
            () -> checkCommandLines("./electbench run --shards 1/4", "made up"));
        assertTrue(error.getMessage().contains("'run' has no flag --shards"), error.getMessage());
    }
}
