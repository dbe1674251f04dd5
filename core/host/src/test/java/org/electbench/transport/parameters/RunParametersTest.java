package org.electbench.transport.parameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detectors;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/** The run parameters are declared once: one parser per value, defaults the scenario's own, nothing not given passed on as given. */
class RunParametersTest
{
    private static final long MS = 1_000_000L;
    private static final Parameter<Boolean> TURBO = Parameter.onOff("turbo").defaultValue(false)
        .doc("Test: an option of one algorithm.").build();

    /** An algorithm with one option of its own; it never builds nodes here. */
    private static final ElectionAlgorithm ALGORITHM = new ElectionAlgorithm()
    {
        @Override
        public String name()
        {
            return "params-test";
        }

        @Override
        public List<String> messageTypes()
        {
            return List.of("ELECTION", "HEARTBEAT");
        }

        @Override
        public int heartbeatType()
        {
            return 1;
        }

        @Override
        public List<Parameter<?>> options()
        {
            return List.of(TURBO);
        }

        @Override
        public ElectionNode newNode(final int selfId, final ElectionSettings settings)
        {
            throw new UnsupportedOperationException("never built here");
        }
    };

    @Test
    void theDeclaredDefaultsAreTheScenarioBuildersOwn()
    {
        final Scenario builderDefaults = Scenario.builder().algorithm(ALGORITHM).build();
        final Scenario declared = RunParameters.scenario(ALGORITHM, 1, Map.of());
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            assertEquals(written(parameter, parameter.valueIn(builderDefaults)), written(parameter, parameter.valueIn(declared)),
                parameter.name());
            assertEquals(written(parameter, parameter.defaultValue()), written(parameter, parameter.valueIn(declared)), parameter.name());
        }
        assertNull(RunParameters.FAULT_DURATION.valueIn(declared), "the scenario's own fault duration is not a given one");
    }

    private static String written(final RunParameter<?> parameter, final Object value)
    {
        return null == value ? null : parameter.formatObject(value);
    }

    @Test
    void knobsForTheClusterFileAreTheSettingsKnobsUnderTheirNames()
    {
        for (final Knob knob : Knob.values())
        {
            final RunParameter<Long> parameter = RunParameters.of(knob);
            assertEquals(knob.optionName(), parameter.name());
            assertEquals(knob.defaultNs(), parameter.defaultValue());
            assertTrue(parameter.clusterFileKey(), parameter.name());
        }
        assertEquals("detectionTimeout", RunParameters.DETECTION_TIMEOUT.key());
        assertEquals("faultDuration", RunParameters.FAULT_DURATION.key());
        assertEquals(RunParameters.COORDINATOR_TIMEOUT, RunParameters.find("coordinatorTimeout"));
        assertEquals(RunParameters.COORDINATOR_TIMEOUT, RunParameters.find("coordinator-timeout"));
    }

    @Test
    void oneDurationParserReadsWholeNanosecondsMicrosecondsIncludedAndRefusesBareNumbers()
    {
        assertEquals(40_000L, RunParameters.HEARTBEAT.parse("40us"));
        assertEquals(40_000L, RunParameters.HEARTBEAT.parse("40µs"));
        assertEquals(1_500L, RunParameters.HEARTBEAT.parse("1.5us"));
        assertEquals(2_500 * MS, RunParameters.FAULT_DURATION.parse("2.5s"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunParameters.HEARTBEAT.parse("1.5ns")).getMessage()
            .contains("finer than a nanosecond"));
        final String bare = assertThrows(IllegalArgumentException.class, () -> RunParameters.DETECTION_TIMEOUT.parse("150")).getMessage();
        assertTrue(bare.contains("'150' is not a duration") && bare.contains("ns, us, ms or s"), bare);
        final String tooShort = assertThrows(IllegalArgumentException.class, () -> RunParameters.ELECTION_TIMEOUT.parse("999ns")).getMessage();
        assertTrue(tooShort.contains("at least 1us"), tooShort);
    }

    @Test
    void onlyTheValuesGivenAreExplicitSoTheAlgorithmMayDeriveTheRest()
    {
        final Map<String, String> texts = new LinkedHashMap<>();
        texts.put("nodes", "9");
        texts.put("heartbeat", RunParameters.NOT_GIVEN);
        texts.put("detectionTimeout", "300ms");
        texts.put("delay", "uniform:1ms,40ms");
        texts.put("scenario", "cascade");
        texts.put("detect", "lowest");
        texts.put("turbo", "on");
        final Scenario scenario = RunParameters.scenarioFromText(ALGORITHM, 7, texts);
        assertEquals(9, scenario.nodes());
        assertEquals(ScenarioKind.CASCADE, scenario.kind());
        assertEquals(Detectors.LOWEST, scenario.detect());
        assertEquals(DelayDistribution.uniform(MS, 40 * MS).toString(), scenario.network().delay().toString());
        assertTrue(scenario.givenSettings().isExplicit(Knob.DETECTION_TIMEOUT));
        assertFalse(scenario.givenSettings().isExplicit(Knob.HEARTBEAT_INTERVAL));
        assertFalse(scenario.givenSettings().isExplicit(Knob.ELECTION_TIMEOUT));
        assertEquals(Boolean.TRUE, scenario.settings().get(TURBO));
        assertEquals(7, scenario.seed());
        assertEquals(2, scenario.profile().deadNodes(), "a cascade leaves two leaders dead");
        assertEquals(40 * MS, scenario.profile().oneWayDelayBoundNs(), "a uniform delay is bounded by its maximum");
    }

    @Test
    void aWrongValueNamesTheParameterAndWhatItAccepts()
    {
        final String loss = assertThrows(IllegalArgumentException.class,
            () -> RunParameters.scenarioFromText(ALGORITHM, 1, Map.of("loss", "1.5"))).getMessage();
        assertEquals("parameter loss: '1.5' is not a probability; accepted: a number in [0, 1)", loss);
        final String detect = assertThrows(IllegalArgumentException.class,
            () -> RunParameters.scenarioFromText(ALGORITHM, 1, Map.of("detect", "some"))).getMessage();
        assertEquals("parameter detect: 'some' is not accepted; accepted: all, lowest, highest, random", detect);
        final String unknown = assertThrows(IllegalArgumentException.class,
            () -> RunParameters.scenarioFromText(ALGORITHM, 1, Map.of("heartbit", "50ms"))).getMessage();
        assertTrue(unknown.startsWith("parameter heartbit: unknown parameter; accepted: nodes, scenario, detect,"), unknown);
        assertThrows(RunParameters.InvalidSettings.class,
            () -> RunParameters.scenarioFromText(ALGORITHM, 1, Map.of("heartbeat", "200ms")));
    }

    @Test
    void algorithmOptionsTravelAsOneBenchmarkParameter()
    {
        final Map<String, String> options = new LinkedHashMap<>();
        options.put("pre-vote", "on");
        options.put("check-quorum", "off");
        final String text = RunParameters.optionsToText(options);
        assertEquals("pre-vote:on+check-quorum:off", text);
        assertEquals(options, RunParameters.optionsFromText(text));
        assertEquals(Map.of(), RunParameters.optionsFromText(RunParameters.NOT_GIVEN));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunParameters.optionsFromText("pre-vote=on")).getMessage()
            .contains("is not NAME:VALUE"));
    }
}
