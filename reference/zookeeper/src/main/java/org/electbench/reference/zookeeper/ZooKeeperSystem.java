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
