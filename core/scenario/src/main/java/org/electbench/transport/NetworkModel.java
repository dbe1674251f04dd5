package org.electbench.transport;

/**
 * Per-message network behaviour: one-way delay, loss probability, and whether each link keeps
 * FIFO order (on by default: a message never overtakes an earlier one on the same link).
 */
public final class NetworkModel
{
    private final DelayDistribution delay;
    private final double lossProbability;
    private final boolean fifo;

    private NetworkModel(final DelayDistribution delay, final double lossProbability, final boolean fifo)
    {
        if (!(lossProbability >= 0.0 && lossProbability < 1.0))
        {
            throw new IllegalArgumentException("loss must be a probability in [0, 1), got " + lossProbability);
        }
        this.delay = delay;
        this.lossProbability = lossProbability;
        this.fifo = fifo;
    }

    public static NetworkModel of(final DelayDistribution delay)
    {
        return new NetworkModel(delay, 0.0, true);
    }

    public static NetworkModel constant(final long delayNs)
    {
        return of(DelayDistribution.constant(delayNs));
    }

    public static NetworkModel parse(final String delay)
    {
        return of(DelayDistribution.parse(delay));
    }

    public NetworkModel withLoss(final double lossProbability)
    {
        return new NetworkModel(delay, lossProbability, fifo);
    }

    public NetworkModel withFifo(final boolean fifo)
    {
        return new NetworkModel(delay, lossProbability, fifo);
    }

    public DelayDistribution delay()
    {
        return delay;
    }

    public double lossProbability()
    {
        return lossProbability;
    }

    public boolean fifo()
    {
        return fifo;
    }

    @Override
    public String toString()
    {
        return delay + (lossProbability > 0 ? " loss " + lossProbability : "") + (fifo ? "" : " non-fifo");
    }
}
