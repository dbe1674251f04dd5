package org.electbench.aeron;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import io.aeron.driver.DataPacketDispatcher;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ReceiveChannelEndpointSupplier;
import io.aeron.driver.media.ReceiveChannelEndpoint;
import io.aeron.driver.media.UdpChannel;
import io.aeron.protocol.SetupFlyweight;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;

/**
 * Refuses a new incoming session at its SETUP frame, before the driver sizes and maps an image
 * for it: a session asking for a longer term than this driver's own ({@link EmbeddedDriver}'s term
 * length, which every electbench publication uses), or set up from an address the cluster does not
 * list. Aeron 1.51's driver checks only the MTU and initial window of a SETUP
 * ({@code DriverConductor.onCreatePublicationImage}) and maps whatever term length it names, up to
 * 1 GiB a term; this hooks its {@link ReceiveChannelEndpointSupplier}, the extension point for
 * receive endpoints, and drops the SETUP there, so no image exists and no data of the session is
 * taken. The listed-address check on every frame ({@link Membership}) stays: this one only keeps
 * outsiders from costing the driver memory.
 */
public final class SetupGuard implements ReceiveChannelEndpointSupplier
{
    private final int maxTermLength;
    private final Predicate<InetAddress> admits;
    private final AtomicLong refused = new AtomicLong();

    /**
     * @param maxTermLength the longest term a session may ask for.
     * @param admits        whether a session may come from an address; any address when null.
     */
    public SetupGuard(final int maxTermLength, final Predicate<InetAddress> admits)
    {
        this.maxTermLength = maxTermLength;
        this.admits = null == admits ? address -> true : admits;
    }

    @Override
    public ReceiveChannelEndpoint newInstance(
        final UdpChannel udpChannel,
        final DataPacketDispatcher dispatcher,
        final AtomicCounter statusIndicator,
        final MediaDriver.Context context)
    {
        return new ReceiveChannelEndpoint(udpChannel, dispatcher, statusIndicator, context)
        {
            @Override
            public void onSetupMessage(
                final SetupFlyweight header,
                final UnsafeBuffer buffer,
                final int length,
                final InetSocketAddress srcAddress,
                final int transportIndex)
            {
                if (header.termLength() > maxTermLength || null == srcAddress || !admits.test(srcAddress.getAddress()))
                {
                    refused.incrementAndGet();
                    return;
                }
                super.onSetupMessage(header, buffer, length, srcAddress, transportIndex);
            }
        };
    }

    /** @return SETUP frames refused so far (a refused sender repeats its SETUP until it gives up). */
    public long refused()
    {
        return refused.get();
    }

    public int maxTermLength()
    {
        return maxTermLength;
    }
}
