package org.electbench.aeron;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The Linux limits the Aeron wires are sized by, read from {@code /proc/sys}, with the usual defaults where they cannot be read. */
final class KernelLimits
{
    /** Linux's default {@code vm.max_map_count}. */
    static final long DEFAULT_MAX_MAP_COUNT = 65_530;
    /** Linux's default {@code net.core.rmem_max}. */
    static final long DEFAULT_MAX_SOCKET_RECEIVE_BUFFER = 212_992;

    private KernelLimits()
    {
    }

    /** @return {@code vm.max_map_count}: memory maps a process may hold. */
    static long maxMapCount()
    {
        return read("/proc/sys/vm/max_map_count", DEFAULT_MAX_MAP_COUNT);
    }

    /** @return {@code net.core.rmem_max}: the largest receive buffer a socket may ask for. */
    static long maxSocketReceiveBuffer()
    {
        return read("/proc/sys/net/core/rmem_max", DEFAULT_MAX_SOCKET_RECEIVE_BUFFER);
    }

    private static long read(final String path, final long fallback)
    {
        // Line by line: a /proc file reports size 0, which whole-file reads may take at its word.
        try (BufferedReader reader = Files.newBufferedReader(Path.of(path)))
        {
            final long value = Long.parseLong(String.valueOf(reader.readLine()).trim());
            return value > 0 ? value : fallback;
        }
        catch (final IOException | RuntimeException ex)
        {
            return fallback;
        }
    }
}
