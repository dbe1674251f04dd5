package org.electbench.analysis.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.electbench.spi.Role;
import org.electbench.transport.AtomicOutput;
import org.electbench.transport.Fault;
import org.electbench.transport.TraceRecorder;

/**
 * Records one run as JSON lines ({@value Trace#FORMAT}): a header naming the algorithm, the
 * cluster size, the message types and the clock, then one line per event, in the order the
 * runtime reported them:
 * <pre>
 * {"event":"send","t":150000000,"id":1,"from":1,"to":2,"type":"ELECTION","length":12}
 * {"event":"deliver","t":151000000,"id":1,"from":1,"to":2,"type":"ELECTION"}
 * {"event":"drop","t":151000000,"id":2,"from":1,"to":5,"type":"ELECTION","reason":"RECEIVER_DOWN"}
 * {"event":"timer","t":300000000,"node":2,"kind":1}
 * {"event":"fault","t":100000000,"fault":"CRASH","node":5,"end":false}
 * {"event":"state","t":152000000,"node":2,"state":"LEADER"}
 * {"event":"belief","t":152000000,"node":2,"role":"LEADER","leader":2,"term":0}
 * </pre>
 * A {@code state} line is a node entering a state of its algorithm's own state machine, finer
 * than the role its {@code belief} lines announce.
 * Times are nanoseconds of the run's clock (virtual in the simulator). A message's {@code id}
 * numbers its send from 1; its delivery or drop repeats it. The file is written beside its
 * place and moved in by {@link #close()}, so an interrupted run leaves no half trace.
 */
public final class TraceWriter implements TraceRecorder, Closeable
{
    private final Path target;
    private final AtomicOutput.Pending pending;
    private final OutputStream out;
    private final JsonGenerator json;
    private final List<String> typeNames;
    private final Map<Long, Long> inFlight = new HashMap<>();
    private long sends;
    private long lastSend;

    /**
     * @param target the trace file to write.
     * @param algorithm the algorithm's name.
     * @param nodes the cluster size.
     * @param typeNames the algorithm's message types by type id.
     * @param clock {@code virtual} or {@code real}.
     * @param command the command that made the run.
     */
    public TraceWriter(
        final Path target, final String algorithm, final int nodes, final List<String> typeNames, final String clock, final String command)
    {
        this.target = target.toAbsolutePath();
        this.typeNames = List.copyOf(typeNames);
        AtomicOutput.Pending opened = null;
        try
        {
            opened = AtomicOutput.creatingFolders(this.target).open();
            pending = opened;
            out = pending.stream();
            json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
            json.setRootValueSeparator(null);
            json.writeStartObject();
            json.writeStringField("event", "header");
            json.writeStringField("format", Trace.FORMAT);
            json.writeStringField("algorithm", algorithm);
            json.writeNumberField("nodes", nodes);
            json.writeArrayFieldStart("types");
            for (final String type : typeNames)
            {
                json.writeString(type);
            }
            json.writeEndArray();
            json.writeStringField("clock", clock);
            json.writeStringField("command", command);
            endLine();
        }
        catch (final IOException ex)
        {
            if (null != opened)
            {
                try
                {
                    opened.close();
                }
                catch (final IOException suppressed)
                {
                    ex.addSuppressed(suppressed);
                }
            }
            throw new UncheckedIOException(target + ": cannot write the trace: " + ex.getMessage(), ex);
        }
    }

    @Override
    public void onSend(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final int length)
    {
        lastSend = ++sends;
        if (messageId != NOT_QUEUED)
        {
            inFlight.put(messageId, lastSend);
        }
        final long id = lastSend;
        line("send", nowNs, json ->
        {
            json.writeNumberField("id", id);
            message(fromId, toId, type);
            json.writeNumberField("length", length);
        });
    }

    @Override
    public void onDeliver(final long nowNs, final long messageId, final int fromId, final int toId, final int type)
    {
        final Long id = inFlight.remove(messageId);
        line("deliver", nowNs, json ->
        {
            json.writeNumberField("id", null == id ? 0 : id);
            message(fromId, toId, type);
        });
    }

    @Override
    public void onDrop(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final DropReason reason)
    {
        final Long id = messageId == NOT_QUEUED ? Long.valueOf(lastSend) : inFlight.remove(messageId);
        line("drop", nowNs, json ->
        {
            json.writeNumberField("id", null == id ? 0 : id);
            message(fromId, toId, type);
            json.writeStringField("reason", reason.name());
        });
    }

    @Override
    public void onTimer(final long nowNs, final int nodeId, final int kind)
    {
        line("timer", nowNs, json ->
        {
            json.writeNumberField("node", nodeId);
            json.writeNumberField("kind", kind);
        });
    }

    @Override
    public void onFault(final long nowNs, final Fault.Kind kind, final int nodeId, final boolean end)
    {
        line("fault", nowNs, json ->
        {
            json.writeStringField("fault", kind.name());
            json.writeNumberField("node", nodeId);
            json.writeBooleanField("end", end);
        });
    }

    @Override
    public void onBelief(final long nowNs, final int nodeId, final Role role, final int leaderId, final long term)
    {
        line("belief", nowNs, json ->
        {
            json.writeNumberField("node", nodeId);
            json.writeStringField("role", role.name());
            json.writeNumberField("leader", leaderId);
            json.writeNumberField("term", term);
        });
    }

    @Override
    public void onTransition(final long nowNs, final int nodeId, final String state)
    {
        line("state", nowNs, json ->
        {
            json.writeNumberField("node", nodeId);
            json.writeStringField("state", state);
        });
    }

    /**
     * Finishes the file and moves it in place; after a failed write (a full disk), removes the
     * unfinished file instead and leaves whatever was at the target as it was.
     */
    @Override
    public void close()
    {
        try (AtomicOutput.Pending closing = pending)
        {
            json.close();
            closing.commit();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(target + ": cannot write the trace: " + ex.getMessage(), ex);
        }
    }

    /** Abandons the trace: the unfinished file is removed, the target left as it was. */
    public void abandon()
    {
        pending.fail();
        close();
    }

    /** The fields of one event after its kind and time. */
    @FunctionalInterface
    private interface Fields
    {
        void write(JsonGenerator json) throws IOException;
    }

    private void line(final String event, final long nowNs, final Fields fields)
    {
        try
        {
            json.writeStartObject();
            json.writeStringField("event", event);
            json.writeNumberField("t", nowNs);
            fields.write(json);
            endLine();
        }
        catch (final IOException ex)
        {
            pending.fail();
            throw new UncheckedIOException(target + ": cannot write the trace: " + ex.getMessage(), ex);
        }
    }

    private void message(final int fromId, final int toId, final int type) throws IOException
    {
        json.writeNumberField("from", fromId);
        json.writeNumberField("to", toId);
        json.writeStringField("type", type >= 0 && type < typeNames.size() ? typeNames.get(type) : "type" + type);
    }

    private void endLine() throws IOException
    {
        json.writeEndObject();
        json.flush();
        out.write('\n');
    }
}
