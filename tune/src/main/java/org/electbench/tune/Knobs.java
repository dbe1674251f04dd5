package org.electbench.tune;

/**
 * Which of the four timing knobs an algorithm reads, so a sweep does not vary a knob that changes
 * nothing (and a table does not pretend it did). The ELECT/VOTE quorum reads the detection
 * timeout (as every algorithm does, so tables compare them at one silence) but has no coordinator
 * wait; the bully and the ring read all four; an algorithm the tuner does not know (raft, a
 * plug-in) is assumed to read all four.
 *
 * @param detection           whether the detection timeout is read.
 * @param coordinator         whether T_coord is read.
 * @param detectionHeartbeats when detection is not read, the heartbeats of silence the algorithm waits instead.
 */
public record Knobs(boolean detection, boolean coordinator, int detectionHeartbeats)
{
    public static final Knobs ALL = new Knobs(true, true, 0);

    /** @return the knobs the named algorithm reads. */
    public static Knobs of(final String algorithm)
    {
        return "quorum".equals(algorithm) ? new Knobs(true, false, 0) : ALL;
    }

    /** @return the silence after which a follower acts under a setting. */
    public long effectiveDetectionNs(final Setting setting)
    {
        return detection ? setting.detectionNs() : detectionHeartbeats * setting.heartbeatNs();
    }
}
