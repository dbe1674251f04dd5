package org.electbench.raft;

import org.electbench.spi.ElectionSettings;

/**
 * Settings with raft's declared options given, as the command line's {@code --timeout-spread},
 * {@code --pre-vote} and {@code --check-quorum} give them.
 */
final class RaftOptions
{
    private RaftOptions()
    {
    }

    static ElectionSettings spread(final ElectionSettings settings, final long spreadNs)
    {
        return settings.toBuilder().option(RaftAlgorithm.TIMEOUT_SPREAD, spreadNs).build();
    }

    static ElectionSettings preVote(final ElectionSettings settings, final boolean on)
    {
        return settings.toBuilder().option(RaftAlgorithm.PRE_VOTE, on).build();
    }

    static ElectionSettings checkQuorum(final ElectionSettings settings, final boolean on)
    {
        return settings.toBuilder().option(RaftAlgorithm.CHECK_QUORUM, on).build();
    }
}
