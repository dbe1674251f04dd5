package org.electbench.spi;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * An election algorithm as a plug-in: provided through {@link java.util.ServiceLoader} under
 * {@code META-INF/services/org.electbench.spi.ElectionAlgorithm}, found by name through
 * {@link AlgorithmRegistry}. No runtime imports an algorithm.
 */
public interface ElectionAlgorithm
{
    /** @return the registered name, lower case: {@code bully}, {@code ring}, {@code quorum}. */
    String name();

    /** @return message type names, indexed by type id (ids are 0..size-1). */
    List<String> messageTypes();

    /** @return the type id of the leader's heartbeat, counted apart from election traffic. */
    int heartbeatType();

    /**
     * The type id of the acknowledgements the algorithm sends to make its own hops reliable
     * (ring's ACK), which the monitor reports apart from the election messages a textbook
     * version of the algorithm would send; -1 when it has none.
     *
     * @return a type id, or -1.
     */
    default int acknowledgementType()
    {
        return -1;
    }

    /**
     * What each message type is for, indexed by type id like {@link #messageTypes()}: the monitor
     * counts "messages to a leader" (election and announcement), heartbeats and acknowledgements
     * by these roles, alike for every algorithm. The heartbeat type must have the role
     * {@link MessageRole#HEARTBEAT} and the acknowledgement type {@link MessageRole#ACKNOWLEDGEMENT}
     * (the registry refuses an algorithm whose declarations disagree). An algorithm that declares no
     * {@link MessageRole#ANNOUNCEMENT} type announces with its heartbeat (see that role).
     * <p>
     * The default, for a plug-in written before roles were declared, makes the heartbeat and the
     * acknowledgement types what they are and every other type an election message.
     *
     * @return one role per message type.
     */
    default List<MessageRole> messageRoles()
    {
        final MessageRole[] roles = new MessageRole[messageTypes().size()];
        for (int type = 0; type < roles.length; type++)
        {
            roles[type] = type == heartbeatType() ? MessageRole.HEARTBEAT :
                type == acknowledgementType() ? MessageRole.ACKNOWLEDGEMENT : MessageRole.ELECTION;
        }
        return List.of(roles);
    }

    /**
     * The settings this algorithm should run with on a cluster of this size and network: knobs
     * left at their defaults raised where the defaults would distort its results (a timeout that
     * expires before the messages it waits for can arrive), knobs given explicitly kept, and each
     * explicit one known to distort reported. Use {@link SettingsDerivation}. The default changes
     * nothing.
     *
     * @param given   the settings given, with their explicit marks.
     * @param profile the cluster size, the network's one-way delay bound and the scenario's dead nodes.
     * @return the settings to run with, and the distortions found.
     */
    default DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        return new SettingsDerivation(given, profile).finish();
    }

    /**
     * The knobs this algorithm reads beyond the shared ones of {@link ElectionSettings}. Each
     * becomes a flag {@code --NAME} of every command that runs a scenario and a key {@code NAME}
     * of the cluster file, with its help text, default and error message taken from the
     * declaration; nothing else needs editing to add one. Declare them as constants of the
     * provider class, return them here, and read each once in the node's constructor with
     * {@link ElectionSettings#get(Parameter)}:
     * <pre>{@code
     * public static final Parameter<Long> ELECTION_TIMEOUT_SPREAD = Parameter.duration(*     "election-timeout-spread").defaultValue(TimeUnit.MILLISECONDS.toNanos(150))
         .doc("Raft: width of the random election timeout").build();
     * public static final Parameter<Boolean> PRE_VOTE =
     *     Parameter.onOff("pre-vote").defaultValue(true)
         .doc("Raft: a PreVote round before standing").build();
     *
     * public List<Parameter<?>> options()
     * {
     *     return List.of(ELECTION_TIMEOUT_SPREAD, PRE_VOTE);
     * }
     * }</pre>
     * A name two algorithms declare is one flag setting both, so both must accept the same
     * values ({@link Parameter#sharesValuesWith}); the registry refuses a clash.
     *
     * @return the declared options; none by default.
     */
    default List<Parameter<?>> options()
    {
        return List.of();
    }

    /**
     * The shared timing knobs ({@link ElectionSettings.Knob}) this algorithm's nodes read. A tool
     * that varies timing (the tuning advisor's sweep) varies only these: a knob that changes
     * nothing would give identical settings opposite verdicts and a table a column that pretends
     * to matter. Raft, for one, reads the heartbeat and the detection timeout (its election
     * timeout), never T_elec or T_coord. The default, for a plug-in that states nothing: all four.
     *
     * @return the knobs read; a set the caller must not change.
     */
    default Set<ElectionSettings.Knob> knobsRead()
    {
        return EnumSet.allOf(ElectionSettings.Knob.class);
    }

    /**
     * The declared duration option, if any, that widens the detection timeout D into a range a
     * node draws its timeout from at random, [D, D + spread) (raft's {@code timeout-spread}), so a
     * tool that models a follower's silence averages over it and sweeps it as a knob of its own.
     *
     * @return one of {@link #options()}, or null when a node waits exactly D.
     */
    default Parameter<Long> detectionSpread()
    {
        return null;
    }

    /**
     * The declared on/off option, if any, by which a candidate first asks a majority whether it
     * would win before raising the term (PreVote, Ongaro's thesis §9.6), so the run grid's variants
     * and the tuner's silence model find it without its name.
     *
     * @return one of {@link #options()}, or null.
     */
    default Parameter<Boolean> preVote()
    {
        return null;
    }

    /**
     * The declared on/off option, if any, by which a leader that has not heard from a majority
     * steps down (CheckQuorum, Ongaro's thesis §6.2).
     *
     * @return one of {@link #options()}, or null.
     */
    default Parameter<Boolean> checkQuorum()
    {
        return null;
    }

    /**
     * @param selfId   the node's id, 1..N.
     * @param settings validated settings shared by the cluster.
     * @return a node in no state at all until {@link ElectionNode#onStart} is called.
     */
    ElectionNode newNode(int selfId, ElectionSettings settings);

    /**
     * The leader a correct run must end with, or {@link ElectionNode#NO_LEADER} when the
     * algorithm promises no particular one. Bully and ring promise the highest live id.
     *
     * @param clusterSize N.
     * @param live        whether an id is up at the end of the run.
     * @return the expected leader id.
     */
    default int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        for (int id = clusterSize; id >= 1; id--)
        {
            if (live.test(id))
            {
                return id;
            }
        }
        return ElectionNode.NO_LEADER;
    }

    /**
     * Whether {@link #expectedLeader} still names the leader a correct run ends with when the run
     * loses messages by design (network loss, loss bursts, one-way cuts, partitions). Bully and
     * ring: the highest live id wins whatever was lost. An algorithm whose winner legitimately
     * depends on which messages arrived (quorum's ranking prefers the best-informed server)
     * answers false, and such a run expects no particular leader: its wrong-leader cell is "n/a",
     * not a violation.
     *
     * @return true by default.
     */
    default boolean winnerDeterminedDespiteLoss()
    {
        return true;
    }

    /**
     * Whether a settled cluster of this algorithm, at rest with no fault yet, is the same at every
     * heartbeat: its nodes draw nothing from their random sources and keep nothing that makes a
     * later heartbeat do otherwise than an earlier one, and a settled leader sends its first
     * heartbeat at once or one {@link ElectionSettings#heartbeatIntervalNs()} after it starts,
     * whenever that is. A runtime may then start a settled run at a later heartbeat instant instead
     * of time 0 (the simulator starts it at the last one before the first fault that leaves a round
     * delivered before the fault): what happens from the fault on is the same, event for event.
     *
     * @return false by default (raft draws each follower's timeout afresh at every heartbeat).
     */
    default boolean restRepeatsEachHeartbeat()
    {
        return false;
    }

    /**
     * Whether a node this algorithm made starts afresh whatever it held: {@link ElectionNode#onStart}
     * sets every field a run reads (belief, terms, timers, counters, anything learned from messages),
     * and a node reads the settings' arrangement seed, if at all, there and not when made. A runtime
     * may then keep one run's node objects and start them again in the next run whose settings
     * differ only in that seed, instead of making new ones (the simulator does, for its first start
     * of each node in a run; a restart within a run still gets a new node). Only the count of
     * malformed messages may run on.
     *
     * @return false by default.
     */
    default boolean nodesStartAfresh()
    {
        return false;
    }

    /**
     * The rule a node booting with no leader follows before it first stands, as its source gives
     * it, with the figures of these settings; stated in every cold-start row, so a start-up wait
     * the source mandates is not read as a slower election.
     *
     * @param settings what the nodes run with.
     * @return one short phrase, e.g. {@code waits 250ms (5/3 D, the source's 5 HBT)}; by default
     *         {@code stands at boot} (the nodes chosen to detect stand at once).
     */
    default String startUpRule(final ElectionSettings settings)
    {
        return "stands at boot";
    }

    /**
     * When this algorithm's source promises a leader after every fault has healed, and how soon,
     * derived from the settings it runs with: the chaos explorer reports a schedule that leaves
     * enough nodes and still has no agreed leader within the bound as stuck. A bound counts each
     * wait the algorithm may need in turn (detection, election timers, a lap, a retry), each
     * message at the profile's p99 one-way delay. The default, for an algorithm that states
     * nothing: any one live node, within eight of the longest of D, T_coord and 5 HBT.
     *
     * @param settings the settings the nodes run with.
     * @param profile  the cluster size and the network's p99 one-way delay.
     * @return the promise.
     */
    default LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        final long patienceNs = Math.max(Math.max(settings.detectionTimeoutNs(), settings.coordinatorTimeoutNs()),
            5 * settings.heartbeatIntervalNs());
        return new LivenessPromise(1, 8 * patienceNs, "8·max(D, T_coord, 5·HBT)");
    }

    /**
     * @param type a type id.
     * @return its name, or {@code TYPE<n>} for an id the algorithm does not name.
     */
    default String typeName(final int type)
    {
        final List<String> types = messageTypes();
        return type >= 0 && type < types.size() ? types.get(type) : "TYPE" + type;
    }

    /**
     * @param name a type name.
     * @return its id, or -1 when the algorithm has no such type.
     */
    default int typeId(final String name)
    {
        return messageTypes().indexOf(name);
    }
}
