package org.electbench.transport;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * How many counts an encoded HdrHistogram would allocate, read from its header before HdrHistogram
 * decodes it: a 61-byte histogram may declare a range (1 to 2^62 at 5 digits) whose counts array
 * fills the heap or takes seconds to walk. The sizes follow HdrHistogram's own
 * {@code AbstractHistogram} (sub-buckets of 2 x 10^digits rounded up to a power of two, one bucket
 * per doubling of the range).
 */
final class HistogramBounds
{
    /** One histogram's counts: ours need tens of thousands (1 ns to hours at 3 digits). */
    static final long MAX_COUNTS = 1L << 21;
    /** Every histogram of one log together: what reading it may walk. */
    static final long MAX_LOG_COUNTS = 1L << 27;
    /** HdrHistogram's V1 and V2 cookies (their headers share a layout), the word size bits masked off. */
    private static final int V1_COMPRESSED = 0x1c849302;
    private static final int V2_COMPRESSED = 0x1c849304;
    private static final int V1_ENCODING = 0x1c849301;
    private static final int V2_ENCODING = 0x1c849303;
    private static final int COOKIE_MASK = ~0xf0;
    private static final int HEADER_BYTES = 40;
    private static final int MAX_DIGITS = 5;

    private HistogramBounds()
    {
    }

    /**
     * @param base64 an interval line's histogram, as a log holds it.
     * @return the length of the counts array decoding it would allocate, -1 when it cannot be decoded at all
     * (HdrHistogram then refuses it itself), or {@link Long#MAX_VALUE} for a header no histogram of ours has.
     */
    static long counts(final String base64)
    {
        final byte[] header = new byte[HEADER_BYTES];
        try
        {
            final ByteBuffer compressed = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
            if (compressed.remaining() < 8)
            {
                return -1;
            }
            final int cookie = compressed.getInt() & COOKIE_MASK;
            if (V1_COMPRESSED != cookie && V2_COMPRESSED != cookie)
            {
                // Not one HdrHistogram 2 writes: refused, as its header is not read here.
                return Long.MAX_VALUE;
            }
            final int length = compressed.getInt();
            if (length < 0 || length > compressed.remaining())
            {
                return -1;
            }
            final Inflater inflater = new Inflater();
            try
            {
                inflater.setInput(compressed.array(), 8, length);
                if (inflater.inflate(header) < HEADER_BYTES)
                {
                    return -1;
                }
            }
            finally
            {
                inflater.end();
            }
        }
        catch (final IllegalArgumentException | DataFormatException ex)
        {
            return -1;
        }
        final ByteBuffer fields = ByteBuffer.wrap(header);
        final int cookie = fields.getInt() & COOKIE_MASK;
        if (V1_ENCODING != cookie && V2_ENCODING != cookie)
        {
            return Long.MAX_VALUE;
        }
        fields.getInt();
        fields.getInt();
        final int digits = fields.getInt();
        final long lowest = fields.getLong();
        final long highest = fields.getLong();
        if (digits < 0 || digits > MAX_DIGITS || lowest < 1 || highest < 2 * lowest)
        {
            return Long.MAX_VALUE;
        }
        return countsLength(lowest, highest, digits);
    }

    /** @return AbstractHistogram's counts array length for these bounds. */
    static long countsLength(final long lowest, final long highest, final int digits)
    {
        final long singleUnitResolution = 2 * (long)Math.pow(10, digits);
        final int subBucketCountMagnitude = (int)Math.ceil(Math.log(singleUnitResolution) / Math.log(2));
        final int subBucketHalfCountMagnitude = Math.max(subBucketCountMagnitude, 1) - 1;
        final long subBucketCount = 1L << (subBucketHalfCountMagnitude + 1);
        final int unitMagnitude = 63 - Long.numberOfLeadingZeros(lowest);
        if (subBucketHalfCountMagnitude + unitMagnitude + 1 > 62)
        {
            return Long.MAX_VALUE;
        }
        long smallestUntrackable = subBucketCount << unitMagnitude;
        long buckets = 1;
        while (smallestUntrackable <= highest)
        {
            if (smallestUntrackable > Long.MAX_VALUE / 2)
            {
                buckets++;
                break;
            }
            smallestUntrackable <<= 1;
            buckets++;
        }
        return (buckets + 1) * (subBucketCount / 2);
    }
}
