package org.electbench.transport;

import java.util.List;

import org.electbench.spi.ElectionNode;

/**
 * What the {@link ConvergenceMonitor} measured in one run. Times are nanoseconds from the
 * scenario's reference instant; -1 where there is nothing to measure.
 */
public final class ElectionResult
{
    private final List<String> typeNames;
    private final int heartbeatType;
    private final boolean converged;
    private final long convergenceNs;
    private final long detectionNs;
    private final long[] messagesByType;
    private final long[] bytesByType;
    private final int finalLeader;
    private final int expectedLeader;
    private final int maxConcurrentLeaders;
    private final long splitBrainNs;
    private final long sameTermLeaders;
    private final long staleLeaderNs;
    private final long liveLeaderElections;
    private final long events;
    private final long endNs;

    ElectionResult(
        final List<String> typeNames,
        final int heartbeatType,
        final boolean converged,
        final long convergenceNs,
        final long detectionNs,
        final long[] messagesByType,
        final long[] bytesByType,
        final int finalLeader,
        final int expectedLeader,
        final int maxConcurrentLeaders,
        final long splitBrainNs,
        final long sameTermLeaders,
        final long staleLeaderNs,
        final long liveLeaderElections,
        final long events,
        final long endNs)
    {
        this.typeNames = typeNames;
        this.heartbeatType = heartbeatType;
        this.converged = converged;
        this.convergenceNs = convergenceNs;
        this.detectionNs = detectionNs;
        this.messagesByType = messagesByType;
        this.bytesByType = bytesByType;
        this.finalLeader = finalLeader;
        this.expectedLeader = expectedLeader;
        this.maxConcurrentLeaders = maxConcurrentLeaders;
        this.splitBrainNs = splitBrainNs;
        this.sameTermLeaders = sameTermLeaders;
        this.staleLeaderNs = staleLeaderNs;
        this.liveLeaderElections = liveLeaderElections;
        this.events = events;
        this.endNs = endNs;
    }

    /** @return the algorithm's message type names, indexed by type id. */
    public List<String> typeNames()
    {
        return typeNames;
    }

    /** @return whether exactly one live leader named by every live node held through the settle window. */
    public boolean converged()
    {
        return converged;
    }

    /** @return from the reference instant to the start of the agreement that held, or -1 when unconverged. */
    public long convergenceNs()
    {
        return convergenceNs;
    }

    /** @return from the reference instant to the first election message, or -1 when none was sent. */
    public long detectionNs()
    {
        return detectionNs;
    }

    /** @return from the first election message to agreement, or -1 when either is missing. */
    public long electionNs()
    {
        return convergenceNs < 0 || detectionNs < 0 ? -1 : Math.max(0, convergenceNs - detectionNs);
    }

    /** @return messages of one type sent from the reference instant to convergence (heartbeats included for their type). */
    public long messages(final int type)
    {
        return type < messagesByType.length ? messagesByType[type] : 0;
    }

    /** @return election messages (all types but the heartbeat) sent from the reference instant to convergence. */
    public long messagesTotal()
    {
        long total = 0;
        for (int type = 0; type < messagesByType.length; type++)
        {
            if (type != heartbeatType)
            {
                total += messagesByType[type];
            }
        }
        return total;
    }

    /** @return bytes of election messages, headers included. */
    public long bytesTotal()
    {
        long total = 0;
        for (int type = 0; type < bytesByType.length; type++)
        {
            if (type != heartbeatType)
            {
                total += bytesByType[type];
            }
        }
        return total;
    }

    /** @return heartbeats sent over the same window, counted apart. */
    public long heartbeats()
    {
        return messages(heartbeatType);
    }

    public long heartbeatBytes()
    {
        return heartbeatType < bytesByType.length ? bytesByType[heartbeatType] : 0;
    }

    /** @return the leader every live node named at the end, or 0 when they did not agree. */
    public int finalLeader()
    {
        return finalLeader;
    }

    /** @return the leader the algorithm promises, or 0 when it promises none. */
    public int expectedLeader()
    {
        return expectedLeader;
    }

    /** @return whether the run converged on another leader than the one promised. */
    public boolean wrongLeader()
    {
        return converged && expectedLeader != ElectionNode.NO_LEADER && finalLeader != expectedLeader;
    }

    /** @return the most live nodes that believed they led at one instant. */
    public int maxConcurrentLeaders()
    {
        return maxConcurrentLeaders;
    }

    /** @return total time with two or more live leaders. */
    public long splitBrainNs()
    {
        return splitBrainNs;
    }

    /** @return how many times a node claimed leadership of a term another node had already led. */
    public long sameTermLeaders()
    {
        return sameTermLeaders;
    }

    /** @return total time a live leader acted while another live leader held a higher term. */
    public long staleLeaderNs()
    {
        return staleLeaderNs;
    }

    /**
     * @return elections started against an agreed, live leader over the whole run (a node turning
     * candidate or leader while all agreed): in a run with no crash, its false elections.
     */
    public long liveLeaderElections()
    {
        return liveLeaderElections;
    }

    /** @return events the runtime processed. */
    public long events()
    {
        return events;
    }

    /** @return when the run ended, on the runtime's clock, from its start. */
    public long endNs()
    {
        return endNs;
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder("ElectionResult{converged=").append(converged)
            .append(", convergenceNs=").append(convergenceNs)
            .append(", detectionNs=").append(detectionNs)
            .append(", leader=").append(finalLeader)
            .append(", messages={");
        for (int type = 0; type < messagesByType.length; type++)
        {
            text.append(type == 0 ? "" : ", ").append(typeNames.get(type)).append('=').append(messagesByType[type]);
        }
        return text.append("}, bytes=").append(bytesTotal())
            .append(", maxConcurrentLeaders=").append(maxConcurrentLeaders)
            .append(", splitBrainNs=").append(splitBrainNs)
            .append(", sameTermLeaders=").append(sameTermLeaders)
            .append(", staleLeaderNs=").append(staleLeaderNs)
            .append(", liveLeaderElections=").append(liveLeaderElections)
            .append(", events=").append(events)
            .append('}').toString();
    }
}
