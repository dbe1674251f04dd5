package org.electbench.harness;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;

import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.electbench.transport.TraceRecorder;

/**
 * The simulator recording one run's every send, delivery, drop, timer, fault and belief change
 * into a trace ({@code simulate --trace FILE}). Only the simulator reports all of them: it is
 * given with its way of attaching a recorder ({@code SimRuntime::trace}).
 */
public final class TracedRuntime implements ClusterRuntime
{
    /** Opens the trace of a run. */
    @FunctionalInterface
    public interface TraceOpener
    {
        /** @return a recorder for the run, closed when the run ends if it is {@link Closeable}. */
        TraceRecorder open(Scenario scenario) throws IOException;
    }

    private final ClusterRuntime simulator;
    private final Consumer<TraceRecorder> attach;
    private final TraceOpener opener;

    /**
     * @param simulator the simulator to trace.
     * @param attach    attaches a recorder to its next runs (null detaches).
     * @param opener    opens each run's trace.
     */
    public TracedRuntime(final ClusterRuntime simulator, final Consumer<TraceRecorder> attach, final TraceOpener opener)
    {
        this.simulator = simulator;
        this.attach = attach;
        this.opener = opener;
    }

    @Override
    public String name()
    {
        return simulator.name();
    }

    @Override
    public ElectionResult run(final Scenario scenario)
    {
        try
        {
            final TraceRecorder trace = opener.open(scenario);
            attach.accept(trace);
            try
            {
                return simulator.run(scenario);
            }
            finally
            {
                attach.accept(null);
                if (trace instanceof Closeable closeable)
                {
                    closeable.close();
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
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
