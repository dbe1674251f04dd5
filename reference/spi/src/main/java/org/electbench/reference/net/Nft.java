package org.electbench.reference.net;

import java.util.List;

/**
 * Packet drops inside a network namespace with nftables ({@code nft}), the faults that act on the
 * real network stack: a table of this tool's own in the namespace, whose input and output chains
 * drop traffic from and to the addresses given. Deleting the namespace deletes the table with it.
 */
public final class Nft
{
    /** The table every rule lives in, one per namespace. */
    public static final String TABLE = "electbench";

    private Nft()
    {
    }

    /** @return null when {@code nft} runs here, else why not (for a skip message or an error). */
    public static String unavailable()
    {
        final String failure = run(null, "list tables\n");
        return null == failure ? null : "nft does not run (Debian: apt-get install nftables): " + failure;
    }

    /**
     * Replaces the namespace's drops: traffic arriving from {@code dropFrom} and leaving for
     * {@code dropTo} is dropped, all at once (one nft transaction).
     */
    public static void drop(final String namespace, final List<String> dropFrom, final List<String> dropTo)
    {
        final StringBuilder script = new StringBuilder()
            .append("table inet ").append(TABLE).append(" {}\n")
            .append("delete table inet ").append(TABLE).append('\n')
            .append("table inet ").append(TABLE).append(" {\n")
            .append("  chain in { type filter hook input priority 0; policy accept;\n");
        if (!dropFrom.isEmpty())
        {
            script.append("    ip saddr { ").append(String.join(", ", dropFrom)).append(" } drop\n");
        }
        script.append("  }\n  chain out { type filter hook output priority 0; policy accept;\n");
        if (!dropTo.isEmpty())
        {
            script.append("    ip daddr { ").append(String.join(", ", dropTo)).append(" } drop\n");
        }
        script.append("  }\n}\n");
        failOn(run(namespace, script.toString()), namespace);
    }

    /** Removes the namespace's drops (its table), if any. */
    public static void clear(final String namespace)
    {
        failOn(run(namespace, "table inet " + TABLE + " {}\ndelete table inet " + TABLE + "\n"), namespace);
    }

    private static void failOn(final String failure, final String namespace)
    {
        if (null != failure)
        {
            throw new IllegalStateException("nft in namespace " + namespace + ": " + failure);
        }
    }

    /** @return null on success, else nft's complaint. */
    private static String run(final String namespace, final String script)
    {
        final List<String> command = null == namespace ? List.of("nft", "-f", "-") : List.of("ip", "netns", "exec", namespace, "nft", "-f", "-");
        return IpCommand.exec(command, script);
    }
}
