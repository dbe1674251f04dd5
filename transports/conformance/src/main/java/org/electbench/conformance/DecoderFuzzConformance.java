package org.electbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A million and more random frames at one node: random bytes, truncated and oversized bodies,
 * headers that disagree with the frame, every 16-bit type id, senders in and out of range, at
 * unaligned offsets. None may throw, no frame may make the node send to itself or to no node, and
 * the node's malformed count must equal the frames judged malformed here, independently of its
 * decoder: the kit judges the framing, the fixture the fields (and writes fields an honest peer
 * could send half the time, so that well-formed frames move the node too). The count must cover
 * every life of the node.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DecoderFuzzConformance
{
    protected static final int FRAMES = 1 << 20;
    protected static final int SLACK = 16;

    /** One run of {@link #FRAMES} frames: settings and the seed of its random stream. */
    public record FuzzCase(String label, ElectionSettings settings, long seed)
    {
        @Override
        public String toString()
        {
            return label + " seed=" + seed;
        }
    }

    /**
     * One frame being written at {@code offset} of {@code buffer}, of {@code type} (as its header says), to be
     * delivered from {@code fromId} to {@code node}; {@code random} is the run's stream.
     */
    public record Frame(SplittableRandom random, MutableDirectBuffer buffer, int offset, int type, int fromId, ElectionNode node)
    {
    }

    private final Supplier<ElectionAlgorithm> algorithm;
    private final int restartEveryFrames;

    /** @param algorithm a fresh instance of the algorithm under test, each call. */
    protected DecoderFuzzConformance(final Supplier<ElectionAlgorithm> algorithm)
    {
        this(algorithm, 0);
    }

    /**
     * @param algorithm          a fresh instance of the algorithm under test, each call.
     * @param restartEveryFrames frames between restarts on a fresh host, so that what valid frames leave pending stays small.
     */
    protected DecoderFuzzConformance(final Supplier<ElectionAlgorithm> algorithm, final int restartEveryFrames)
    {
        this.algorithm = algorithm;
        this.restartEveryFrames = restartEveryFrames;
    }

    protected abstract Stream<FuzzCase> cases();

    protected int nodes()
    {
        return 5;
    }

    protected int self()
    {
        return 3;
    }

    /** @return the body length of a well-formed frame of {@code type} under {@code settings}, or -1 for no such type. */
    protected abstract int bodyLength(int type, ElectionSettings settings);

    /**
     * Writes fields of the frame over its random bytes: sometimes values an honest peer could send.
     * May also rewrite the header's sender.
     *
     * @return whether every field is one an honest peer of the node could send.
     */
    protected abstract boolean fields(Frame frame);

    /** Called every 1,024 frames: fires timers, so that frames reach the node in every state. */
    protected void tick(final ElectionNode node, final ScriptedHost host, final SplittableRandom random, final int frame)
    {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void randomFramesNeverThrowAndEveryMalformedOneIsCounted(final FuzzCase fuzzCase)
    {
        final ElectionSettings settings = fuzzCase.settings();
        final SplittableRandom random = new SplittableRandom(fuzzCase.seed());
        final ElectionNode node = algorithm.get().newNode(self(), settings);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH + 2 * SLACK]);
        final int typeCount = algorithm.get().messageTypes().size();

        ScriptedHost host = start(node, settings, Start.SETTLED);
        long refusedSends = 0;
        long malformed = 0;
        for (int frame = 0; frame < FRAMES; frame++)
        {
            if (restartEveryFrames > 0 && frame > 0 && 0 == frame % restartEveryFrames)
            {
                refusedSends += host.refusedSends();
                host = start(node, settings, Start.SETTLED);
            }
            final int type = random.nextBoolean() ? frame & 0xFFFF : random.nextInt(typeCount);
            final int offset = random.nextInt(SLACK);
            final int length = FuzzFrames.frame(random, buffer, offset, type, Math.max(0, bodyLength(type, settings)));
            final int fromId = random.nextInt(-1, nodes() + 3);
            final int headerType = MessageHeader.type(buffer, offset);
            final int validBody = headerType < typeCount ? bodyLength(headerType, settings) : -1;
            final boolean honestFields = validBody >= 0 && fields(new Frame(random, buffer, offset, headerType, fromId, node));
            final boolean wellFormed = fromId >= 1 && fromId <= nodes() && fromId != self() && honestFields &&
                length == MessageHeader.LENGTH + validBody && MessageHeader.bodyLength(buffer, offset) == validBody;
            malformed += wellFormed ? 0 : 1;
            node.onMessage(fromId, buffer, offset, length);
            if (0 == (frame & 0x3FF))
            {
                tick(node, host, random, frame);
            }
        }

        assertEquals(malformed, node.malformedMessages(), settings.toString());
        assertEquals(0, refusedSends + host.refusedSends(), "sends to the node itself or to no node");
        assertTrue(malformed > FRAMES / 2 && malformed < FRAMES, "both kinds were sent: " + malformed);
        start(node, settings, Start.RECOVERED);
        assertEquals(malformed, node.malformedMessages(), "the count covers every life");
    }

    private ScriptedHost start(final ElectionNode node, final ElectionSettings settings, final Start start)
    {
        final ScriptedHost host = new ScriptedHost();
        host.countAnnouncementsOnly();
        final boolean settled = Start.SETTLED == start;
        node.onStart(host.context(self(), nodes(), true, settings), start, settled ? nodes() : ElectionNode.NO_LEADER, settled ? 1 : 0);
        return host;
    }
}
