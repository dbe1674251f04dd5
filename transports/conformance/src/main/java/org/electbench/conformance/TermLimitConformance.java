package org.electbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.testkit.ForgingAlgorithm;
import org.electbench.testkit.ScriptedHost;
import org.electbench.testkit.StateTrace;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Terms at the top of their range, owed by every algorithm whose terms are plain longs (see
 * {@link org.electbench.spi.Terms}): a frame forged as from a member with a term near 2<sup>63</sup>
 * is dropped and counted by every live peer, and the cluster elects exactly as it does without it;
 * a node refuses a negative term or a jump of more than 2<sup>32</sup> and believes the largest
 * plausible jump. The fixture supplies the scenario, the forgeries, the wire bodies and the figures.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class TermLimitConformance
{
    protected static final long MS = 1_000_000L;
    /** The largest term jump a node believes, {@link org.electbench.spi.Terms#MAX_JUMP}. */
    protected static final long MAX_JUMP = 1L << 32;

    /** One frame forged as from {@code fromId}, {@code atCrashPlusMs} after the leader's crash (negative: before it). */
    public record Forgery(long term, int fromId, int type, long atCrashPlusMs)
    {
        @Override
        public String toString()
        {
            return "term=" + term + " from=" + fromId + " type=" + type + " atCrashPlusMs=" + atCrashPlusMs;
        }
    }

    /** Delivers a well-formed frame of {@code type} from {@code fromId} that carries {@code term}. */
    @FunctionalInterface
    public interface Delivery
    {
        void deliver(int type, int fromId, long term);
    }

    /**
     * One node started as settled, on a scripted host, with how to hand it a frame carrying a term
     * and the highest term it has believed (its own term where it keeps no other).
     */
    public record TermProbe(ElectionNode node, ScriptedHost host, Delivery delivery, LongSupplier termSeen)
    {
        public static TermProbe of(final ElectionNode node, final ScriptedHost host, final Delivery delivery)
        {
            return new TermProbe(node, host, delivery, node::term);
        }

        public void deliver(final int type, final int fromId, final long term)
        {
            delivery.deliver(type, fromId, term);
        }
    }

    private final Supplier<ElectionAlgorithm> algorithm;
    private final ElectionSettings settings;
    private final int leaderAfterCrash;

    /**
     * @param algorithm        a fresh instance of the algorithm under test, each call.
     * @param settings         the settings of every node, in the simulator and on the scripted host.
     * @param leaderAfterCrash the leader the leader-crash scenario elects.
     */
    protected TermLimitConformance(final Supplier<ElectionAlgorithm> algorithm, final ElectionSettings settings, final int leaderAfterCrash)
    {
        this.algorithm = algorithm;
        this.settings = settings;
        this.leaderAfterCrash = leaderAfterCrash;
    }

    protected ElectionSettings settings()
    {
        return settings;
    }

    protected int nodes()
    {
        return 5;
    }

    /** @return the leader crash of {@link #nodes()} nodes in the simulator, 1 ms apart, seed 20, with {@code algorithm}. */
    protected Scenario.Builder leaderCrash(final ElectionAlgorithm algorithm)
    {
        return Scenario.builder().algorithm(algorithm).nodes(nodes()).settings(settings)
            .network(NetworkModel.constant(MS)).kind(ScenarioKind.LEADER_CRASH).seed(20);
    }

    /** @return the forged frames, each run on its own. */
    protected abstract Stream<Forgery> forgeries();

    /** @return the body of a well-formed frame of {@code type} from {@code fromId} carrying {@code term}. */
    protected abstract byte[] body(int type, int fromId, long term);

    /** @return node {@code selfId} of {@link #nodes()}, started as settled under the leader {@link #nodes()} in {@code term}. */
    protected abstract TermProbe settledNode(int selfId, long term);

    /** @return the message types that carry a term. */
    protected abstract Stream<Integer> typesWithTerms();

    /** @return terms no honest peer of a node at {@code ownTerm} sends: each must be dropped and counted. */
    protected List<Long> refusedTerms(final long ownTerm)
    {
        return List.of(-1L, Long.MIN_VALUE, ownTerm + MAX_JUMP + 1);
    }

    /** @return the peer the refused and plausible frames come from. */
    protected int sender()
    {
        return 4;
    }

    /** Delivers the largest plausible jump, as a frame of {@code type}, and checks the node believed it. */
    protected void believesTheLargestPlausibleJump(final TermProbe probe, final int type, final long term)
    {
        probe.deliver(type, sender(), term);
        assertEquals(term, probe.termSeen().getAsLong(), "followed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forgeries")
    void aForgedFrameNearTheTopTermIsDroppedAndTheClusterElectsAsWithoutIt(final Forgery forgery)
    {
        final Scenario honest = leaderCrash(algorithm.get()).build();
        final ElectionResult expected = new SimRuntime().run(honest);
        final long forgedAtNs = honest.plan().referenceNs() + forgery.atCrashPlusMs() * MS;

        final ForgingAlgorithm forging = new ForgingAlgorithm(algorithm.get())
            .forge(forgery.fromId(), forgedAtNs, forgery.type(), body(forgery.type(), forgery.fromId(), forgery.term()));
        final StateTrace trace = new StateTrace();
        final ElectionResult result = new SimRuntime().trace(trace).run(leaderCrash(algorithm.get()).algorithm(forging).build());

        assertTrue(result.converged(), result::toString);
        assertEquals(leaderAfterCrash, expected.finalLeader(), expected::toString);
        assertEquals(leaderAfterCrash, result.finalLeader(), result::toString);
        assertEquals(expected.convergenceNs(), result.convergenceNs(), result::toString);
        assertEquals(0, result.sameTermLeaders(), result::toString);
        final boolean afterCrash = forgery.atCrashPlusMs() >= 0;
        assertEquals(afterCrash ? nodes() - 2 : nodes() - 1, forging.malformedMessages(), "every live peer dropped the forged frame");
        final List<String> types = forging.messageTypes();
        for (int t = 0; t < types.size(); t++)
        {
            final long forgedSends = afterCrash && t == forgery.type() ? nodes() - 1 : 0;
            assertEquals(expected.messages(t) + forgedSends, result.messages(t), types.get(t) + " " + result);
        }
        assertEquals(List.of(1L, 2L), trace.terms(), "terms believed");
    }

    @ParameterizedTest(name = "type={0}")
    @MethodSource("typesWithTerms")
    void aNegativeTermOrAJumpOfMoreThanTwoToTheThirtyTwoIsDroppedAndCounted(final int type)
    {
        final long ownTerm = 7;
        final TermProbe probe = settledNode(3, ownTerm);
        probe.host().clear();

        final List<Long> refused = refusedTerms(ownTerm);
        for (final long term : refused)
        {
            probe.deliver(type, sender(), term);
        }
        assertEquals(refused.size(), probe.node().malformedMessages());
        assertEquals(ownTerm, probe.termSeen().getAsLong());
        assertEquals(List.of(), probe.host().sent(), "not even acknowledged");
        assertEquals(List.of(), probe.host().announcements());

        believesTheLargestPlausibleJump(probe, type, ownTerm + MAX_JUMP);
        assertEquals(refused.size(), probe.node().malformedMessages());
    }
}
