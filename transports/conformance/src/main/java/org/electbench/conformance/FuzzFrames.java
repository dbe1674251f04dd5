package org.electbench.conformance;

import java.util.SplittableRandom;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;

/** The frame generator of {@link DecoderFuzzConformance}, one copy for every algorithm. */
public final class FuzzFrames
{
    private FuzzFrames()
    {
    }

    /**
     * Writes one frame of {@code type} at {@code offset} over random bytes: its valid layout (two
     * times in five, then half the time cut short, header-only included), oversized, with a header
     * whose body length disagrees with the frame, or random bytes of any length.
     *
     * @return the frame's length as delivered, never past the buffer.
     */
    public static int frame(
        final SplittableRandom random, final MutableDirectBuffer buffer, final int offset, final int type, final int validLength)
    {
        for (int i = 0; i < buffer.capacity(); i++)
        {
            buffer.putByte(i, (byte)random.nextInt(256));
        }
        final int room = buffer.capacity() - offset;
        final int bodyLength = switch (random.nextInt(5))
        {
            case 0, 1 -> validLength;
            case 2 -> random.nextInt(validLength + 1, room - MessageHeader.LENGTH + 1);
            case 3 -> random.nextInt(0, 1 << 16);
            default -> -1;
        };
        if (bodyLength < 0)
        {
            return random.nextInt(0, room + 1);
        }
        MessageHeader.write(buffer, offset, type, bodyLength, 1);
        final int length = MessageHeader.LENGTH + (bodyLength == validLength && random.nextBoolean() ?
            random.nextInt(-MessageHeader.LENGTH, bodyLength + 1) : bodyLength);
        return Math.min(length, room);
    }
}
