package org.electbench.cli;

import java.nio.file.Path;

import org.electbench.analysis.trace.TraceWriter;
import org.electbench.sim.SimRuntime;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The simulator with {@code simulate --trace FILE}: its run records every send, delivery, drop,
 * timer, fault and belief change into FILE as JSON lines. Only the simulator reports all of
 * them, and a trace is one run, so anything else is a usage error.
 */
final class TracedRuntime implements ClusterRuntime
{
    private final SimRuntime simulator;
    private final Path file;
    private final String command;

    private TracedRuntime(final SimRuntime simulator, final Path file, final String command)
    {
        this.simulator = simulator;
        this.file = file;
        this.command = command;
    }

    /**
     * @param spec the command, for errors and its command line.
     * @param runtime the runtime the options chose.
     * @param file the trace file, or null for no trace.
     * @param runs the runs asked for.
     * @return the runtime, tracing into the file when one is given.
     */
    static ClusterRuntime wrap(final CommandSpec spec, final ClusterRuntime runtime, final Path file, final int runs)
    {
        if (null == file)
        {
            return runtime;
        }
        if (!(runtime instanceof SimRuntime))
        {
            runtime.close();
            throw new ParameterException(spec.commandLine(), "Invalid option '--trace': only the simulator traces a run; use --transport sim");
        }
        if (runs != 1)
        {
            runtime.close();
            throw new ParameterException(spec.commandLine(), "Invalid option '--trace': a trace is one run; use --runs 1");
        }
        return new TracedRuntime((SimRuntime)runtime, file, SimulateCommand.commandLine(spec));
    }

    @Override
    public String name()
    {
        return simulator.name();
    }

    @Override
    public ElectionResult run(final Scenario scenario)
    {
        try (TraceWriter writer = new TraceWriter(file, scenario.algorithm().name(), scenario.nodes(),
            scenario.algorithm().messageTypes(), "virtual", command))
        {
            simulator.trace(writer);
            try
            {
                return simulator.run(scenario);
            }
            finally
            {
                simulator.trace(null);
            }
        }
    }

    @Override
    public int maxNodes()
    {
        return simulator.maxNodes();
    }

    @Override
    public String maxNodesBound()
    {
        return simulator.maxNodesBound();
    }

    @Override
    public void close()
    {
        simulator.close();
    }
}
