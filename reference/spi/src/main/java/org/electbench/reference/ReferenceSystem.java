package org.electbench.reference;

import java.util.List;
import java.util.Map;

/**
 * A real election implementation measured beside the textbook algorithms: how to start one of its
 * nodes as a process of its own, in its own configuration keys, and how its timing settings bound
 * the races it runs. Implementations arrive through {@link java.util.ServiceLoader}, as the
 * algorithms do, and {@link ReferenceSystems} indexes them by {@link #name()}.
 * <p>
 * A node process ({@link #nodeMain()}) takes the arguments {@link NodeArgs} writes, starts one node
 * and reports through a {@link StateReporter} what the system's own state says: its role, the
 * leader it names, its term, and each write it committed as leader.
 */
public interface ReferenceSystem
{
    /** @return the name the command line and the rows use, such as {@code aeron-cluster}. */
    String name();

    /** @return the implementation and its version, for a report, such as {@code Aeron Cluster 1.51.0}. */
    String implementation();

    /** @return the class whose {@code main(String[])} runs one node from {@link NodeArgs}. */
    Class<?> nodeMain();

    /**
     * @return the settings a cluster runs with unless given, in the system's own keys (a system
     * property name or a configuration file key), with durations as the system reads them.
     */
    Map<String, String> defaultSettings();

    /**
     * @param settings the settings the cluster runs with, in the system's own keys.
     * @return how long a leader may fall silent before its followers act: the detection silence
     * textbook rows are compared at.
     */
    long detectionSilenceNs(Map<String, String> settings);

    /**
     * The settings that put this system at the textbook rows' timing, for rows measured beside them: its own
     * keys set so a follower acts after {@code detectionSilenceNs} of silence, with a heartbeat as near
     * {@code heartbeatNs} as its keys allow. Its other settings keep their defaults.
     *
     * @param detectionSilenceNs the textbook rows' detection timeout D.
     * @param heartbeatNs        the textbook rows' heartbeat interval HBT.
     * @return the settings to run with, in the system's own keys (on top of {@link #defaultSettings()}).
     * @throws IllegalArgumentException when its keys cannot express that silence, saying why.
     */
    Map<String, String> matchedSettings(long detectionSilenceNs, long heartbeatNs);

    /**
     * @param settings the settings the cluster runs with, in the system's own keys.
     * @return the shortest race a message runs against a timer under them (a heartbeat within the
     * detection silence less its interval, a round trip within a vote's wait): a host that delays
     * messages by half of it made the run's timers lie, and the run is marked {@code hostLate}.
     */
    long shortestRaceNs(Map<String, String> settings);

    /** @return JVM options every node process needs beyond the common ones, such as system properties. */
    default List<String> jvmOptions(final Map<String, String> settings)
    {
        return List.of();
    }
}
