package org.electbench.transport.metrics;

/**
 * How a figure of one run aggregates over many runs, and so how every writer shows it.
 */
public enum MetricKind
{
    /** A per-run value (absent when negative) recorded into a histogram: percentiles, mean, max. */
    DISTRIBUTION,
    /** A per-run count: its total and the mean per run (per election). */
    COUNT,
    /** A per-run level: its mean and the largest seen. */
    MEAN,
    /** A per-run yes/no safety or liveness failure: how many runs broke it. */
    VIOLATION
}
