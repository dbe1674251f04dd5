package org.electbench.tune;

/**
 * Which timing knobs an algorithm reads, so a sweep varies only those (a knob that changes
 * nothing would give identical settings opposite verdicts, and a table would pretend it
 * mattered). Every algorithm reads the heartbeat interval and the detection timeout (the silence
 * tables compare them at); beyond that:
 * <ul>
 *   <li>bully and ring read T_elec and T_coord;</li>
 *   <li>the ELECT/VOTE quorum reads T_elec (its voting round) and no T_coord;</li>
 *   <li>raft reads neither: its election timeout is the detection timeout, drawn from
 *       [T, T + spread) with its own {@code --timeout-spread} option;</li>
 *   <li>an algorithm the tuner does not know (a plug-in) is assumed to read all four.</li>
 * </ul>
 * This is the one place the tuner keeps that list.
 *
 * @param detection           whether the detection timeout is read.
 * @param election            whether T_elec is read.
 * @param coordinator         whether T_coord is read.
 * @param spread              whether the detection timeout is drawn at random above itself (raft's {@code timeout-spread}).
 * @param detectionHeartbeats when detection is not read, the heartbeats of silence the algorithm waits instead.
 */
public record Knobs(boolean detection, boolean election, boolean coordinator, boolean spread, int detectionHeartbeats)
{
    public static final Knobs ALL = new Knobs(true, true, true, false, 0);
    /** Raft's declared option for the width of its random timeout. */
    static final String SPREAD_OPTION = "timeout-spread";

    /** @return the knobs the named algorithm reads. */
    public static Knobs of(final String algorithm)
    {
        switch (algorithm)
        {
            case "quorum":
                return new Knobs(true, true, false, false, 0);
            case "raft":
                return new Knobs(true, false, false, true, 0);
            default:
                return ALL;
        }
    }

    /** @return the silence after which a follower acts under a setting (the shortest, for a random timeout). */
    public long effectiveDetectionNs(final Setting setting)
    {
        return detection ? setting.detectionNs() : detectionHeartbeats * setting.heartbeatNs();
    }

    /** @return the width of the random timeout above the detection timeout, 0 when it is fixed. */
    public long spreadNs(final Setting setting)
    {
        if (!spread)
        {
            return 0;
        }
        // Raft's default when not given: the detection timeout itself, [T, 2T).
        return setting.spreadNs() >= 0 ? setting.spreadNs() : effectiveDetectionNs(setting);
    }
}
