package org.electbench.analysis.trace;

import java.nio.file.Path;
import java.util.List;

import org.electbench.transport.AtomicOutput;


/**
 * What {@code report --trace FILE} writes beside the trace (or into a folder given):
 * {@code <name>.svg}, the space-time diagram, and {@code <name>.shiviz.log}, the same run for
 * ShiViz.
 */
public final class TraceFiles
{
    private TraceFiles()
    {
    }

    /**
     * @param traceFile the trace.
     * @param out the folder to write into.
     * @return the files written.
     */
    public static List<Path> write(final Path traceFile, final Path out)
    {
        final Trace trace = Trace.read(traceFile);
        String stem = traceFile.getFileName().toString();
        final int dot = stem.lastIndexOf('.');
        stem = dot > 0 ? stem.substring(0, dot) : stem;
        final Path svg = out.resolve(stem + ".svg");
        final Path shiviz = out.resolve(stem + ".shiviz.log");
        AtomicOutput.replace(svg, SpaceTimeDiagram.svg(trace));
        AtomicOutput.replace(shiviz, ShiVizLog.write(trace));
        return List.of(svg, shiviz);
    }
}
