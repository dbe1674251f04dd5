package org.electbench.aeron;

/**
 * What {@link FrameValidator} makes of one incoming frame. Everything but {@link #OK} is
 * dropped and counted, never thrown.
 */
public enum FrameVerdict
{
    /** A message from a known peer of this cluster, of a type the algorithm knows. */
    OK,
    /**
     * The lengths do not add up: shorter than the transport header, shorter than both
     * headers, or the message header's body length disagrees with the frame's length.
     */
    SHORT,
    /** Longer than the largest frame ({@link FrameHeader#MAX_FRAME_LENGTH}), such as a fragmented message. */
    OVERSIZE,
    /**
     * Not this transport or not this cluster: bad magic, unknown version, another cluster id, or
     * flags that make it no message (a status report sent to a node).
     */
    FOREIGN,
    /**
     * The frame's sender is outside 1..N, is the receiving node itself (a node never sends to
     * itself), or disagrees with the sender in the message header.
     */
    UNKNOWN_SENDER,
    /** A message type id at or above the algorithm's type count. */
    UNKNOWN_TYPE,
    /** The sender id's frame came from an address the cluster file does not list for that id. */
    UNLISTED_SOURCE,
    /** Without the cluster key's tag: no tag where the cluster has a key, a tag where it has none, or a wrong one. */
    BAD_MAC,
    /** From a node of another algorithm, other settings or another membership: its fingerprint is not this cluster's. */
    MISMATCHED,
    /**
     * From an older of two processes claiming one id: the incarnation this receiver heard before
     * the newer one goes on with frames it never sent before (not replays), so that process is alive.
     */
    DUPLICATE_ID,
    /**
     * From an incarnation older than the newest this receiver has heard for that id: a replay of
     * an earlier process's frames, or an older process never heard while it was the newest.
     */
    STALE_INCARNATION,
    /**
     * Of the sender's newest incarnation, but a frame it already delivered, one behind the anti-replay
     * window, or one addressed to another receiver: a copy sent again.
     */
    REPLAYED,
    /** A status report whose cumulative counts go back, or grow by more than a node can send between two reports. */
    IMPLAUSIBLE;

    private static final FrameVerdict[] VALUES = values();

    /** @return every verdict, in ordinal order, without the copy {@code values()} makes. */
    public static FrameVerdict[] all()
    {
        return VALUES;
    }
}
