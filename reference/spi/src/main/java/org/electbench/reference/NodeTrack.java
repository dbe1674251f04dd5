package org.electbench.reference;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What one node's processes said, in order: its states over time, the writes it committed as
 * leader and how late its host held it; read from the process's standard output on a thread
 * of its own. A restart continues the same track, so the history spans incarnations.
 */
public final class NodeTrack
{
    private final int id;
    private final List<StateLine> states = new ArrayList<>();
    private final List<StateLine> writes = new ArrayList<>();
    private final List<StateLine> lates = new ArrayList<>();
    private StateLine latest;
    private boolean ready;

    NodeTrack(final int id)
    {
        this.id = id;
    }

    public int id()
    {
        return id;
    }

    /** Reads a new incarnation's output until it ends; the node starts ELECTING until it says otherwise. */
    void follow(final InputStream output)
    {
        synchronized (this)
        {
            ready = false;
            latest = null;
        }
        final Thread reader = new Thread(() ->
        {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8)))
            {
                String line;
                while (null != (line = lines.readLine()))
                {
                    final StateLine event = StateLine.parse(line);
                    if (null != event)
                    {
                        add(event);
                    }
                }
            }
            catch (final IOException ex)
            {
                // The process ended.
            }
        }, "node-" + id + "-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** Marks the node gone (killed): its last state no longer counts. */
    synchronized void gone(final long nanos)
    {
        final StateLine gone = new StateLine('S', nanos, NodeRole.ELECTING, 0, -1);
        states.add(gone);
        latest = null;
        ready = false;
    }

    private synchronized void add(final StateLine event)
    {
        switch (event.kind())
        {
            case 'S' ->
            {
                states.add(event);
                latest = event;
            }
            case 'W' -> writes.add(event);
            case 'L' -> lates.add(event);
            case 'R' -> ready = true;
            default ->
            {
            }
        }
    }

    /** @return the latest state of the running incarnation, or null before its first. */
    public synchronized StateLine latest()
    {
        return latest;
    }

    public synchronized boolean ready()
    {
        return ready;
    }

    /** @return the states reported from {@code fromNs} on, in order. */
    public synchronized List<StateLine> statesSince(final long fromNs)
    {
        return states.stream().filter(state -> state.nanos() - fromNs >= 0).toList();
    }

    /** @return the writes reported between the instants, in order. */
    public synchronized List<StateLine> writesBetween(final long fromNs, final long toNs)
    {
        return writes.stream().filter(write -> write.nanos() - fromNs >= 0 && toNs - write.nanos() >= 0).toList();
    }

    /** @return the most any sample woke late between the instants. */
    public synchronized long maxLateNs(final long fromNs, final long toNs)
    {
        long max = 0;
        for (final StateLine late : lates)
        {
            if (late.nanos() - fromNs >= 0 && toNs - late.nanos() >= 0)
            {
                max = Math.max(max, late.value());
            }
        }
        return max;
    }

    /** @return every state reported, in order (leaders over time). */
    public synchronized List<StateLine> history()
    {
        return List.copyOf(states);
    }

    /** Forgets writes and late wakes before an instant, so a long run's memory stays bounded. */
    synchronized void forgetBefore(final long nanos)
    {
        writes.removeIf(write -> write.nanos() - nanos < 0);
        lates.removeIf(late -> late.nanos() - nanos < 0);
    }
}
