package org.electbench.reference.aeron;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.aeron.cluster.ConsensusModule;
import org.electbench.reference.ReferenceSystem;
import org.electbench.spi.Durations;

/**
 * Aeron Cluster's election (canvass, nomination, candidate ballot; see Aeron's {@code Election}):
 * a follower that hears nothing from its leader for the leader heartbeat timeout canvasses, and
 * after a random nomination delay of up to half the election timeout asks for votes. Settings are
 * Aeron's own system properties ({@code aeron.cluster.*}); the defaults here keep Aeron's election
 * timeout and status interval and set the heartbeat timeout to 200 ms, the detection silence the
 * textbook rows are compared at, with a heartbeat every 50 ms.
 */
public final class AeronClusterSystem implements ReferenceSystem
{
    @Override
    public String name()
    {
        return "aeron-cluster";
    }

    @Override
    public String implementation()
    {
        return "Aeron Cluster " + io.aeron.cluster.ClusteredMediaDriver.class.getPackage().getImplementationVersion();
    }

    @Override
    public Class<?> nodeMain()
    {
        return AeronClusterNode.class;
    }

    @Override
    public Map<String, String> defaultSettings()
    {
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(ConsensusModule.Configuration.LEADER_HEARTBEAT_TIMEOUT_PROP_NAME, "200ms");
        settings.put(ConsensusModule.Configuration.LEADER_HEARTBEAT_INTERVAL_PROP_NAME, "50ms");
        settings.put(ConsensusModule.Configuration.ELECTION_TIMEOUT_PROP_NAME, "1s");
        settings.put(ConsensusModule.Configuration.ELECTION_STATUS_INTERVAL_PROP_NAME, "100ms");
        settings.put(ConsensusModule.Configuration.STARTUP_CANVASS_TIMEOUT_PROP_NAME, "10s");
        return settings;
    }

    @Override
    public long detectionSilenceNs(final Map<String, String> settings)
    {
        return Durations.parseNs(settings.get(ConsensusModule.Configuration.LEADER_HEARTBEAT_TIMEOUT_PROP_NAME));
    }

    /** The leader heartbeat timeout is the silence and its interval the heartbeat; the election timeout stays Aeron's. */
    @Override
    public Map<String, String> matchedSettings(final long detectionSilenceNs, final long heartbeatNs)
    {
        if (heartbeatNs >= detectionSilenceNs)
        {
            throw new IllegalArgumentException("aeron-cluster: a heartbeat of " + Durations.format(heartbeatNs) +
                " never fits in a heartbeat timeout of " + Durations.format(detectionSilenceNs));
        }
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(ConsensusModule.Configuration.LEADER_HEARTBEAT_TIMEOUT_PROP_NAME, Durations.format(detectionSilenceNs));
        settings.put(ConsensusModule.Configuration.LEADER_HEARTBEAT_INTERVAL_PROP_NAME, Durations.format(heartbeatNs));
        return settings;
    }

    @Override
    public long shortestRaceNs(final Map<String, String> settings)
    {
        final long heartbeatNs = Durations.parseNs(settings.get(ConsensusModule.Configuration.LEADER_HEARTBEAT_INTERVAL_PROP_NAME));
        final long electionNs = Durations.parseNs(settings.get(ConsensusModule.Configuration.ELECTION_TIMEOUT_PROP_NAME));
        return Math.min(detectionSilenceNs(settings) - heartbeatNs, electionNs);
    }

    /** Aeron reads its settings from system properties: each goes to the node's JVM as one. */
    @Override
    public List<String> jvmOptions(final Map<String, String> settings)
    {
        final List<String> options = new ArrayList<>();
        settings.forEach((key, value) -> options.add("-D" + key + "=" + value));
        return options;
    }
}
