package org.electbench.bully;

import static org.electbench.spi.ElectionNode.NO_LEADER;

import org.electbench.spi.RecoveryPolicy;

/**
 * What a heartbeat from another node tells a bully node, one method per state of the node.
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

    /** A leader yields to a higher sender of a term not older than its own, and elects on a lower one's. */
    Verdict leader(final int fromId, final long leaderTerm, final long term)
    {
        return fromId > selfId ? (leaderTerm >= term ? Verdict.FOLLOW : Verdict.IGNORE) :
            leaderTerm >= term ? Verdict.ELECT : Verdict.IGNORE;
    }

    /** A candidate follows a higher sender; a lower leader is corrected by its own election, already under way. */
    Verdict electing(final int fromId)
    {
        return fromId > selfId ? Verdict.FOLLOW : Verdict.IGNORE;
    }

    /** A recovered node follows a higher sender, or any under the defer policy, and bullies a lower one. */
    Verdict listening(final int fromId)
    {
        return fromId > selfId || RecoveryPolicy.DEFER == recoveryPolicy ? Verdict.FOLLOW : Verdict.ELECT;
    }

    /**
     * @param leaderId   the leader the follower follows, or none.
     * @param leaderLive whether it heard that leader within the detection timeout.
     */
    Verdict follower(final int fromId, final long leaderTerm, final long term, final int leaderId, final boolean leaderLive)
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
