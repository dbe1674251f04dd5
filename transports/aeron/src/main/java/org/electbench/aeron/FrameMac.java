package org.electbench.aeron;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;

import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Authenticates frames with the cluster key: HMAC-SHA256 (RFC 2104, FIPS 198-1) over every byte of
 * the frame before the tag, truncated to {@link #TAG_LENGTH} bytes as RFC 2104 section 5 allows.
 * Whoever lacks the key cannot make a frame a node or the observer accepts; a captured frame sent
 * again is refused by its sequence number and destination, which the tag covers ({@link FrameTrust}).
 * <p>
 * One instance per thread: a {@link Mac} is not thread-safe. Frames are copied into a reused array
 * first, so a term buffer in mapped memory is read once; the JDK's HMAC still allocates its digest
 * per frame (48 bytes, as {@code FrameMacBenchmark} measures): the one allocation on a keyed
 * cluster's message path, accepted rather than a hand-rolled HMAC.
 */
public final class FrameMac
{
    /** 128 bits: what RFC 2104 section 5 recommends as the least for a truncated tag (at least half the hash). */
    public static final int TAG_LENGTH = 16;
    public static final String ALGORITHM = "HmacSHA256";
    /** The shortest key accepted: the hash's own length, as RFC 2104 section 3 recommends. */
    public static final int MIN_KEY_LENGTH = 32;

    private final Mac mac;
    private byte[] scratch = new byte[FrameHeader.MAX_FRAME_LENGTH];
    private final byte[] digest = new byte[32];

    /** @param key at least {@link #MIN_KEY_LENGTH} bytes. */
    public FrameMac(final byte[] key)
    {
        if (null == key || key.length < MIN_KEY_LENGTH)
        {
            throw new IllegalArgumentException("a cluster key needs at least " + MIN_KEY_LENGTH + " bytes, was " +
                (null == key ? 0 : key.length));
        }
        try
        {
            mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
        }
        catch (final NoSuchAlgorithmException | InvalidKeyException ex)
        {
            throw new IllegalStateException(ALGORITHM + " is not available in this JVM", ex);
        }
    }

    /**
     * Appends the tag of bytes {@code [offset, offset + length)}.
     *
     * @return the length with the tag.
     */
    public int sign(final MutableDirectBuffer buffer, final int offset, final int length)
    {
        compute(buffer, offset, length);
        buffer.putBytes(offset + length, digest, 0, TAG_LENGTH);
        return length + TAG_LENGTH;
    }

    /**
     * @param length the frame's length, the tag included.
     * @return whether the frame ends with the right tag for the bytes before it.
     */
    public boolean verify(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < TAG_LENGTH)
        {
            return false;
        }
        final int signedLength = length - TAG_LENGTH;
        compute(buffer, offset, signedLength);
        // Every byte compared whatever the first difference, so timing does not leak how much of a guess was right.
        int difference = 0;
        for (int i = 0; i < TAG_LENGTH; i++)
        {
            difference |= digest[i] ^ buffer.getByte(offset + signedLength + i);
        }
        return 0 == difference;
    }

    private void compute(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length > scratch.length)
        {
            // Once per size: a status frame of many message types is longer than any message frame.
            scratch = new byte[length];
        }
        buffer.getBytes(offset, scratch, 0, length);
        mac.update(scratch, 0, length);
        try
        {
            mac.doFinal(digest, 0);
        }
        catch (final ShortBufferException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
