package org.electbench.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.transport.Detect;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;

/**
 * Parameters to scenarios: the cross product of the axes over a base scenario, in a fixed order
 * (scenario, algorithm, runtime, nodes, detect, heartbeat, detection timeout, election timeout).
 * An axis left empty keeps the base's value; a knob not swept stays as the base was given it, so
 * the algorithm still derives it for each cell's cluster. Combinations the scenario or the settings reject
 * (a partition of two nodes, an election timeout above the coordinator timeout) are skipped
 * and listed with the reason, never silently lost.
 */
public final class Sweep
{
    private final Scenario base;
    private List<String> algorithms = List.of();
    private List<String> runtimes = List.of();
    private List<Integer> nodes = List.of();
    private List<ScenarioKind> scenarios = List.of();
    private List<Detect> detects = List.of();
    private List<Long> heartbeatsNs = List.of();
    private List<Long> detectionTimeoutsNs = List.of();
    private List<Long> electionTimeoutsNs = List.of();
    private String runtime = "sim";

    /**
     * A scenario on a runtime: one cell of a sweep.
     *
     * @param scenario run 0's scenario.
     * @param runtime  the runtime's registered name.
     */
    public record Cell(Scenario scenario, String runtime)
    {
        public String fileNamePrefix()
        {
            return Parameters.fileNamePrefix(Parameters.of(scenario, runtime));
        }
    }

    /**
     * @param base what every cell starts from.
     */
    public Sweep(final Scenario base)
    {
        this.base = base;
    }

    /** @return a sweep over every registered algorithm with the base's other values. */
    public static Sweep everyAlgorithm(final Scenario base)
    {
        final List<String> names = new ArrayList<>();
        AlgorithmRegistry.instance().names().forEach(names::add);
        return new Sweep(base).algorithms(names);
    }

    public Sweep algorithms(final List<String> algorithms)
    {
        this.algorithms = List.copyOf(algorithms);
        return this;
    }

    public Sweep runtimes(final List<String> runtimes)
    {
        this.runtimes = List.copyOf(runtimes);
        return this;
    }

    /** @param runtime the runtime when no runtime axis is given (default sim). */
    public Sweep runtime(final String runtime)
    {
        this.runtime = runtime;
        return this;
    }

    public Sweep nodes(final List<Integer> nodes)
    {
        this.nodes = List.copyOf(nodes);
        return this;
    }

    public Sweep scenarios(final List<ScenarioKind> scenarios)
    {
        this.scenarios = List.copyOf(scenarios);
        return this;
    }

    public Sweep detects(final List<Detect> detects)
    {
        this.detects = List.copyOf(detects);
        return this;
    }

    public Sweep heartbeatsNs(final List<Long> heartbeatsNs)
    {
        this.heartbeatsNs = List.copyOf(heartbeatsNs);
        return this;
    }

    public Sweep detectionTimeoutsNs(final List<Long> detectionTimeoutsNs)
    {
        this.detectionTimeoutsNs = List.copyOf(detectionTimeoutsNs);
        return this;
    }

    public Sweep electionTimeoutsNs(final List<Long> electionTimeoutsNs)
    {
        this.electionTimeoutsNs = List.copyOf(electionTimeoutsNs);
        return this;
    }

    /**
     * @param skipped receives one line per rejected combination, naming it and the reason.
     * @return the cells, in the sweep's order.
     */
    public List<Cell> cells(final List<String> skipped)
    {
        final List<Cell> cells = new ArrayList<>();
        for (final ScenarioKind kind : or(scenarios, base.kind()))
        {
            for (final String algorithm : or(algorithms, base.algorithm().name()))
            {
                for (final String runtimeName : or(runtimes, runtime))
                {
                    for (final int n : or(nodes, base.nodes()))
                    {
                        for (final Detect detect : or(detects, base.detect()))
                        {
                            addSettings(cells, skipped, kind, algorithm, runtimeName, n, detect);
                        }
                    }
                }
            }
        }
        return cells;
    }

    private void addSettings(
        final List<Cell> cells,
        final List<String> skipped,
        final ScenarioKind kind,
        final String algorithm,
        final String runtimeName,
        final int n,
        final Detect detect)
    {
        // Only a swept knob is set; the others stay as given, so the algorithm derives what was not (a derived value is not passed on as given).
        final ElectionSettings given = base.givenSettings();
        for (final Long heartbeatNs : orNotGiven(heartbeatsNs))
        {
            for (final Long detectionNs : orNotGiven(detectionTimeoutsNs))
            {
                for (final Long electionNs : orNotGiven(electionTimeoutsNs))
                {
                    final String label = algorithm + " on " + runtimeName + " n=" + n + " " + kind.cliName() +
                        " detect=" + detect.cliName() + knobLabel(" HBT=", heartbeatNs) + knobLabel(" D=", detectionNs) +
                        knobLabel(" T_elec=", electionNs);
                    try
                    {
                        final ElectionSettings.Builder cellSettings = given.toBuilder();
                        setIfSwept(cellSettings, Knob.HEARTBEAT_INTERVAL, heartbeatNs);
                        setIfSwept(cellSettings, Knob.DETECTION_TIMEOUT, detectionNs);
                        setIfSwept(cellSettings, Knob.ELECTION_TIMEOUT, electionNs);
                        final Scenario scenario = base.toBuilder()
                            .algorithm(AlgorithmRegistry.instance().get(algorithm))
                            .nodes(n)
                            .kind(kind)
                            .detect(detect)
                            .settings(cellSettings.build())
                            .build();
                        cells.add(new Cell(scenario, runtimeName));
                    }
                    catch (final IllegalArgumentException ex)
                    {
                        skipped.add(label + ": " + ex.getMessage());
                    }
                }
            }
        }
    }

    private static void setIfSwept(final ElectionSettings.Builder settings, final Knob knob, final Long valueNs)
    {
        if (null != valueNs)
        {
            settings.knobNs(knob, valueNs);
        }
    }

    private static String knobLabel(final String label, final Long valueNs)
    {
        return null == valueNs ? "" : label + valueNs + "ns";
    }

    /** @return the axis, or one "not swept" entry (null) when it is empty. */
    private static List<Long> orNotGiven(final List<Long> axis)
    {
        return axis.isEmpty() ? Collections.singletonList(null) : axis;
    }

    private static <T> List<T> or(final List<T> axis, final T baseValue)
    {
        return axis.isEmpty() ? List.of(baseValue) : axis;
    }
}
