package org.electbench.reference.zookeeper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.electbench.reference.ReferenceSystem;
import org.electbench.spi.Durations;

/**
 * Apache ZooKeeper's Fast Leader Election (ZooKeeper's {@code FastLeaderElection}): votes ranked
 * by the latest (epoch, zxid), ties to the larger server id, a leader once a quorum agrees and no
 * better vote arrives within its fixed 200 ms finalize wait; then the leader syncs a quorum before
 * it serves. A follower gives its leader up after {@code syncLimit} ticks of silence; a killed
 * leader's connections close at once, so a crash is seen before that. Settings are zoo.cfg keys
 * (and {@code zookeeper.*} system properties); the defaults put the silence at 200 ms
 * (tickTime 50 ms, syncLimit 4), the detection silence the textbook rows are compared at.
 */
public final class ZooKeeperSystem implements ReferenceSystem
{
    private static final String TICK_TIME = "tickTime";
    private static final String SYNC_LIMIT = "syncLimit";

    @Override
    public String name()
    {
        return "zookeeper";
    }

    @Override
    public String implementation()
    {
        return "Apache ZooKeeper " + org.apache.zookeeper.Version.getFullVersion().split("[- ]")[0];
    }

    @Override
    public Class<?> nodeMain()
    {
        return ZooKeeperNode.class;
    }

    @Override
    public Map<String, String> defaultSettings()
    {
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(TICK_TIME, "50");
        settings.put("initLimit", "40");
        settings.put(SYNC_LIMIT, "4");
        settings.put("zookeeper.cnxTimeout", "1000");
        return settings;
    }

    @Override
    public long detectionSilenceNs(final Map<String, String> settings)
    {
        return tickNs(settings) * Long.parseLong(settings.get(SYNC_LIMIT));
    }

    /**
     * The silence is {@code syncLimit} ticks: a tick near the heartbeat (the leader pings every half tick), as many
     * of them as make up the silence, at least two; {@code tickTime} is whole milliseconds, so the silence must
     * divide into them.
     */
    @Override
    public Map<String, String> matchedSettings(final long detectionSilenceNs, final long heartbeatNs)
    {
        final long silenceMs = detectionSilenceNs / 1_000_000L;
        final long ticks = Math.max(2, Math.round((double)detectionSilenceNs / Math.max(1, heartbeatNs)));
        if (detectionSilenceNs % 1_000_000L != 0 || silenceMs % ticks != 0)
        {
            throw new IllegalArgumentException("zookeeper: a silence of " + Durations.format(detectionSilenceNs) +
                " is not " + ticks + " whole-millisecond ticks (tickTime is in ms); give a detection timeout that is");
        }
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(TICK_TIME, String.valueOf(silenceMs / ticks));
        settings.put(SYNC_LIMIT, String.valueOf(ticks));
        return settings;
    }

    /** The leader pings every half tick: a ping must beat the follower's read timeout. */
    @Override
    public long shortestRaceNs(final Map<String, String> settings)
    {
        return detectionSilenceNs(settings) - tickNs(settings) / 2;
    }

    @Override
    public List<String> jvmOptions(final Map<String, String> settings)
    {
        final List<String> options = new ArrayList<>(List.of("-Dzookeeper.jmx.log4j.disable=true", "-Dzookeeper.admin.enableServer=false",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
        settings.forEach((key, value) ->
        {
            if (key.startsWith("zookeeper."))
            {
                options.add("-D" + key + "=" + value);
            }
        });
        return options;
    }

    private static long tickNs(final Map<String, String> settings)
    {
        return Durations.parseNs(settings.get(TICK_TIME) + "ms");
    }
}
