package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class TimerSlotTest
{
    @Test
    void onlyTheArmedIdFiresAndReArmingCancelsThePreviousOne()
    {
        final List<Long> cancelled = new ArrayList<>();
        final long[] nextId = {100};
        final NodeContext ctx = (NodeContext)Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{NodeContext.class},
            (proxy, method, args) -> switch (method.getName())
            {
                case "schedule" -> nextId[0]++;
                case "cancel" ->
                {
                    cancelled.add((Long)args[0]);
                    yield Boolean.TRUE;
                }
                default -> throw new UnsupportedOperationException(method.getName());
            });
        final TimerSlot slot = new TimerSlot(7);
        slot.arm(ctx, 10);
        slot.arm(ctx, 20);
        assertEquals(List.of(100L), cancelled, "re-arming cancels the first timer");
        assertFalse(slot.fired(100), "the cancelled id is stale");
        assertTrue(slot.fired(101));
        assertFalse(slot.isArmed());
        assertFalse(slot.fired(101), "a spent id fires once");
        slot.arm(ctx, 30);
        slot.forget();
        slot.cancel(ctx);
        assertEquals(List.of(100L), cancelled, "a forgotten timer is not cancelled");
    }
}
