package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The real systems {@code tune --system} answers for, each a {@link SystemModel} of its own
 * election from its source: etcd ({@link EtcdModel}), HashiCorp raft and Consul
 * ({@link HashicorpModel}), Kubernetes leases through client-go ({@link KubernetesModel}), Aeron
 * Cluster ({@link AeronClusterModel}) and ZooKeeper ({@link ZooKeeperModel}). This enum is the
 * registry: names, keys as the system spells them, parsing and printing a config.
 */
public enum SystemProfile
{
    ETCD(new EtcdModel()),
    HASHICORP_RAFT(new HashicorpModel(false)),
    CONSUL(new HashicorpModel(true)),
    KUBERNETES(new KubernetesModel()),
    AERON_CLUSTER(new AeronClusterModel()),
    ZOOKEEPER(new ZooKeeperModel(false));

    static final long MS = 1_000_000L;

    /** How a key's value is written. */
    enum Unit
    {
        /** An integer count of milliseconds, as etcd's flags take it. */
        MILLIS,
        /** A duration with its unit, as Go's time.Duration and Aeron's properties print it. */
        DURATION,
        /** A plain integer. */
        COUNT
    }

    /**
     * One configuration key.
     *
     * @param name     as the system spells it.
     * @param unit     how its value is written.
     * @param defaultValue the system's default, in nanoseconds for a time.
     */
    record Key(String name, Unit unit, long defaultValue)
    {
        String format(final long value)
        {
            switch (unit)
            {
                case MILLIS:
                    return Long.toString(value / MS);
                case COUNT:
                    return Long.toString(value);
                default:
                    return TuneFormat.flagDuration(value);
            }
        }
    }

    private final SystemModel model;
    private final String cliName;

    SystemProfile(final SystemModel model)
    {
        this.model = model;
        this.cliName = model.cliName();
    }

    SystemModel model()
    {
        return model;
    }

    List<Key> keys()
    {
        return model.keys();
    }

    /** @return why the system refuses the config, or null when it takes it. */
    String check(final Map<String, Long> config)
    {
        return model.check(config);
    }

    public String cliName()
    {
        return cliName;
    }

    /** @return the system's defaults. */
    Map<String, Long> defaults()
    {
        return model.defaults();
    }

    /** @return the config in the system's own syntax. */
    String format(final Map<String, Long> config)
    {
        final List<String> parts = new ArrayList<>();
        for (final Key key : keys())
        {
            final String value = key.format(config.get(key.name()));
            parts.add(this == ETCD ? "--" + key.name() + "=" + value : key.name() + "=" + value);
        }
        return String.join(this == ETCD ? " " : ", ", parts);
    }

    /**
     * @param text KEY=VALUE,… in the system's own keys; keys not given keep their defaults.
     * @return the config.
     * @throws IllegalArgumentException naming {@code --current}, the key and the accepted keys.
     */
    public Map<String, Long> parse(final String text)
    {
        final Map<String, Long> config = defaults();
        for (final String pair : text.split(","))
        {
            final String trimmed = pair.trim();
            final int equals = trimmed.indexOf('=');
            final String name = (equals < 0 ? trimmed : trimmed.substring(0, equals)).trim().replaceFirst("^--", "");
            final Key key = keys().stream().filter(each -> each.name().equalsIgnoreCase(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("--current: " + cliName + " has no key '" + name + "'; its keys: " + keyNames()));
            if (equals < 0)
            {
                throw new IllegalArgumentException("--current: " + name + " has no value; give KEY=VALUE, e.g. " + key.name() + "=" +
                    key.format(key.defaultValue()));
            }
            final String value = trimmed.substring(equals + 1).trim();
            try
            {
                switch (key.unit())
                {
                    case MILLIS:
                        config.put(key.name(), Math.multiplyExact(Long.parseLong(value), MS));
                        break;
                    case COUNT:
                        config.put(key.name(), Long.parseLong(value));
                        break;
                    default:
                        config.put(key.name(), org.electbench.spi.Durations.parseNs(value));
                        break;
                }
            }
            catch (final RuntimeException ex)
            {
                throw new IllegalArgumentException("--current: " + key.name() + "=" + value + " is not " +
                    (Unit.MILLIS == key.unit() ? "an integer of milliseconds" : Unit.COUNT == key.unit() ? "an integer" :
                        "a duration (" + org.electbench.spi.Durations.ACCEPTED + ")"), ex);
            }
            if (config.get(key.name()) <= 0)
            {
                throw new IllegalArgumentException("--current: " + key.name() + " must be greater than zero, was " + value);
            }
        }
        final String refused = check(config);
        if (null != refused)
        {
            throw new IllegalArgumentException("--current: " + refused);
        }
        return config;
    }

    String keyNames()
    {
        return String.join(", ", keys().stream().map(Key::name).toList());
    }

    /**
     * @param name a system's name, as on the command line.
     * @return the profile.
     * @throws IllegalArgumentException naming {@code --system} and the known names.
     */
    public static SystemProfile fromCliName(final String name)
    {
        for (final SystemProfile profile : values())
        {
            if (profile.cliName.equals(name))
            {
                return profile;
            }
        }
        throw new IllegalArgumentException("--system: unknown system '" + name + "'; known: " + names());
    }

    public static String names()
    {
        return String.join(", ", java.util.Arrays.stream(values()).map(SystemProfile::cliName).toList());
    }

    @Override
    public String toString()
    {
        return cliName.toLowerCase(Locale.ROOT);
    }
}
