package org.electbench.analysis;

import java.nio.file.Path;

/**
 * Input the analyser cannot use: a missing, truncated or foreign file. The message names the
 * file and what was wrong with it, on one line, so the command line can print it as it is.
 */
public final class AnalysisException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public AnalysisException(final Path file, final String problem)
    {
        super(file + ": " + problem);
    }

    public AnalysisException(final Path file, final String problem, final Throwable cause)
    {
        super(file + ": " + problem, cause);
    }
}
