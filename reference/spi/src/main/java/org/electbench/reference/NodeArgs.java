package org.electbench.reference;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a node process is told on its command line: its id (1..n), every node's address (node i at
 * index i - 1), its own private directory, and the settings in the system's own keys.
 *
 * @param id        this node's id, 1..n.
 * @param addresses every node's IPv4 address, in id order.
 * @param dir       the node's directory (0700, removed by the parent).
 * @param settings  the settings, in the system's own keys.
 */
public record NodeArgs(int id, List<String> addresses, Path dir, Map<String, String> settings)
{
    public NodeArgs
    {
        addresses = List.copyOf(addresses);
        settings = Map.copyOf(settings);
        if (id < 1 || id > addresses.size())
        {
            throw new IllegalArgumentException("node id " + id + " outside 1.." + addresses.size());
        }
    }

    /** @return this node's address. */
    public String address()
    {
        return addresses.get(id - 1);
    }

    /** @return the cluster size. */
    public int nodes()
    {
        return addresses.size();
    }

    /** @return the arguments {@link #parse} reads back. */
    public List<String> toArgs()
    {
        final List<String> args = new ArrayList<>(List.of("--id", String.valueOf(id), "--addresses", String.join(",", addresses),
            "--dir", dir.toString()));
        settings.forEach((key, value) -> args.add(key + "=" + value));
        return args;
    }

    /** @throws IllegalArgumentException naming what is missing or malformed. */
    public static NodeArgs parse(final String[] args)
    {
        int id = 0;
        List<String> addresses = List.of();
        Path dir = null;
        final Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++)
        {
            switch (args[i])
            {
                case "--id" -> id = Integer.parseInt(value(args, ++i, "--id"));
                case "--addresses" -> addresses = List.of(value(args, ++i, "--addresses").split(","));
                case "--dir" -> dir = Path.of(value(args, ++i, "--dir"));
                default ->
                {
                    final int equals = args[i].indexOf('=');
                    if (equals <= 0)
                    {
                        throw new IllegalArgumentException("expected --id, --addresses, --dir or KEY=VALUE, got '" + args[i] + "'");
                    }
                    settings.put(args[i].substring(0, equals), args[i].substring(equals + 1));
                }
            }
        }
        if (null == dir)
        {
            throw new IllegalArgumentException("--dir is required");
        }
        return new NodeArgs(id, addresses, dir, settings);
    }

    private static String value(final String[] args, final int index, final String flag)
    {
        if (index >= args.length)
        {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return args[index];
    }
}
