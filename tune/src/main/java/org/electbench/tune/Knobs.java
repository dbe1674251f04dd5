package org.electbench.tune;

import java.util.Set;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;

/**
 * Which timing knobs an algorithm reads, as the algorithm itself declares them
 * ({@link ElectionAlgorithm#knobsRead()}, {@link ElectionAlgorithm#detectionSpread()}), so a
 * sweep varies only those: a knob that changes nothing would give identical settings opposite
 * verdicts, and a table would pretend it mattered. The tuner keeps no list of its own.
 *
 * @param election    whether T_elec is read.
 * @param coordinator whether T_coord is read.
 * @param spread      the declared option drawing the detection timeout at random from [D, D + spread), or null.
 * @param preVote     the declared PreVote option ({@link ElectionAlgorithm#preVote()}), or null.
 */
public record Knobs(boolean election, boolean coordinator, Parameter<Long> spread, Parameter<Boolean> preVote)
{
    /**
     * @param algorithm a registered algorithm.
     * @return the knobs it declares it reads.
     * @throws IllegalArgumentException when it reads no heartbeat or detection timeout: the tuner
     *                                  models a follower that acts on a leader's silence, and has nothing to sweep then.
     */
    public static Knobs of(final ElectionAlgorithm algorithm)
    {
        final Set<Knob> read = algorithm.knobsRead();
        if (!read.contains(Knob.HEARTBEAT_INTERVAL) || !read.contains(Knob.DETECTION_TIMEOUT))
        {
            throw new IllegalArgumentException("--algorithm: " + algorithm.name() + " declares it reads no heartbeat or no detection " +
                "timeout (it reads " + read + "); tune models a follower acting on a leader's silence and cannot tune it");
        }
        return new Knobs(read.contains(Knob.ELECTION_TIMEOUT), read.contains(Knob.COORDINATOR_TIMEOUT), algorithm.detectionSpread(),
            algorithm.preVote());
    }

    /** @return whether the detection timeout is drawn at random above itself. */
    public boolean spreads()
    {
        return null != spread;
    }

    /** @return the width of the random timeout above the detection timeout, 0 when it is fixed. */
    public long spreadNs(final Setting setting)
    {
        if (null == spread)
        {
            return 0;
        }
        // The algorithm's default when not given: raft's is the detection timeout itself, [T, 2T).
        return setting.spreadNs() >= 0 ? setting.spreadNs() : setting.detectionNs();
    }
}
