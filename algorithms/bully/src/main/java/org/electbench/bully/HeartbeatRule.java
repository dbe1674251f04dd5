package org.electbench.bully;

import static org.electbench.spi.ElectionNode.NO_LEADER;

import org.electbench.spi.RecoveryPolicy;

/**
 * What a heartbeat from another node tells a bully node, by the node's state.
 * <ul>
 *   <li>A follower follows a higher leader: a sender above itself and above its own leader
 *       (of a term not older than its own), or any sender above itself once its own leader has
 *       been silent for the detection timeout. A heartbeat can overtake its leader's
 *       COORDINATOR on links that do not keep order, and is then the first news of the new
 *       leader. A sender between itself and a live leader is ignored, as a COORDINATOR from
 *       there is: that leader hears the sender's heartbeats and re-asserts.</li>
 *   <li>Only a sender below itself provokes an election, as a lower COORDINATOR does, and not
 *       when it is a leftover of a leader already superseded: its term is older than this
 *       node's leader's, and that leader is alive (it is this node, or was heard within the
 *       detection timeout). Such heartbeats arrive still in flight when leadership changes, or
 *       in a burst drained after a pause; answering each would cost an election per stale
 *       heartbeat.</li>
 *   <li>A leader yields to a higher sender of a term not older than its own; an older one is
 *       a deposed leader's leftover or a resumed zombie, which re-asserts with a newer term as
 *       soon as it hears this leader.</li>
 * </ul>
 */
final class HeartbeatRule
{
    /** What the node does on the heartbeat. */
    enum Verdict
    {
        IGNORE,
        FOLLOW,
        ELECT
    }

    private final int selfId;
    private final RecoveryPolicy recoveryPolicy;

    HeartbeatRule(final int selfId, final RecoveryPolicy recoveryPolicy)
    {
        this.selfId = selfId;
        this.recoveryPolicy = recoveryPolicy;
    }

    /**
     * @param state      the node's state.
     * @param fromId     the sender.
     * @param leaderTerm the term the heartbeat carries.
     * @param term       the node's term.
     * @param leaderId   the leader the node follows, or none.
     * @param leaderLive whether the node follows a leader it heard within the detection timeout.
     * @return follow the sender, hold an election (a leader provoked by a rival), or nothing.
     */
    Verdict judge(
        final BullyNode.State state, final int fromId, final long leaderTerm, final long term, final int leaderId, final boolean leaderLive)
    {
        return switch (state)
        {
            case LEADER -> fromId > selfId ? (leaderTerm >= term ? Verdict.FOLLOW : Verdict.IGNORE) :
                leaderTerm >= term ? Verdict.ELECT : Verdict.IGNORE;
            // A lower leader is corrected by this node's own election, already under way.
            case CANDIDATE, ELECTING -> fromId > selfId ? Verdict.FOLLOW : Verdict.IGNORE;
            case LISTENING -> fromId > selfId || RecoveryPolicy.DEFER == recoveryPolicy ? Verdict.FOLLOW : Verdict.ELECT;
            case FOLLOWER -> follower(fromId, leaderTerm, term, leaderId, leaderLive);
        };
    }

    private Verdict follower(final int fromId, final long leaderTerm, final long term, final int leaderId, final boolean leaderLive)
    {
        if (fromId == leaderId)
        {
            return leaderTerm >= term ? Verdict.FOLLOW : Verdict.IGNORE;
        }
        if (fromId > selfId)
        {
            return !leaderLive || (fromId > leaderId && leaderTerm >= term) ? Verdict.FOLLOW : Verdict.IGNORE;
        }
        return NO_LEADER == leaderId || leaderTerm >= term || !leaderLive ? Verdict.ELECT : Verdict.IGNORE;
    }
}
