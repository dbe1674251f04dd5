package org.electbench.transport.parameters;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.electbench.spi.Parameter;
import org.electbench.transport.Scenario;

/**
 * One parameter of a run: a {@link Parameter} (name, unit, default, its one parser, its doc), how
 * the algorithm may derive it, and where its value goes in the scenario. Every edge reads
 * the declarations in {@link RunParameters}, as every writer reads the metric declarations:
 * the flags of every command that runs a scenario ({@code --NAME}), the benchmarks' JMH
 * parameters and the run-report keys ({@link #key()}), the cluster-file keys (the
 * {@link #clusterFileKey() settings a node reads}), and {@code tune}'s sweep axes.
 *
 * @param <T> the value's type: {@link Long} nanoseconds for a duration, {@link Integer}, {@link Double},
 *            {@link Boolean} for on/off, an enum, or another value type such as a delay distribution.
 */
public final class RunParameter<T>
{
    private final Parameter<T> declared;
    private final String derivation;
    private final BiConsumer<RunParameters.Draft, T> target;
    private final Function<Scenario, T> reader;

    private RunParameter(
        final Parameter<T> declared,
        final String derivation,
        final BiConsumer<RunParameters.Draft, T> target,
        final Function<Scenario, T> reader)
    {
        this.declared = Objects.requireNonNull(declared, "declared");
        this.derivation = derivation;
        this.target = Objects.requireNonNull(target, "target");
        this.reader = Objects.requireNonNull(reader, "reader");
    }

    /**
     * @param declared the setting: name, type, default, doc, parser.
     * @param target   where a value goes in the scenario being built.
     * @param reader   where a built scenario holds it.
     * @return the run parameter.
     */
    static <T> RunParameter<T> of(
        final Parameter<T> declared, final BiConsumer<RunParameters.Draft, T> target, final Function<Scenario, T> reader)
    {
        return new RunParameter<>(declared, null, target, reader);
    }

    /**
     * @param howDerived how an algorithm may derive the value when none is given.
     * @return this parameter, saying so in its help.
     */
    RunParameter<T> derivedBy(final String howDerived)
    {
        return new RunParameter<>(declared, howDerived, target, reader);
    }

    /** @return the declaration this run parameter sets. */
    public Parameter<T> declared()
    {
        return declared;
    }

    /** @return the flag ({@code --NAME}), the cluster-file key and the name {@code run -p NAME=...} takes. */
    public String name()
    {
        return declared.name();
    }

    /** @return the benchmarks' JMH {@code @Param} field and the run report's parameter key ({@link Parameter#key()}). */
    public String key()
    {
        return declared.key();
    }

    /** @return what the value measures: {@code duration}, {@code nodes}, {@code probability}, ... */
    public String unit()
    {
        return declared.unit();
    }

    /** @return the placeholder help text shows for the value. */
    public String paramLabel()
    {
        return declared.paramLabel();
    }

    public Class<T> valueType()
    {
        return declared.type();
    }

    /** @return the value a run takes when none is given, or null when the scenario sets its own. */
    public T defaultValue()
    {
        return declared.defaultValue();
    }

    /**
     * @return how an algorithm may derive the value when none is given ("raised by bully, quorum
     *         and ring above twice the delay bound"), or null when the default stands as it is.
     */
    public String derivation()
    {
        return derivation;
    }

    /** @return one line of help: what it does, for whom. */
    public String help()
    {
        return declared.doc();
    }

    /** @return the accepted values in words, as error messages list them. */
    public String accepted()
    {
        return declared.accepted();
    }

    /** @return whether the cluster file takes it as a key: the settings every node reads. */
    public boolean clusterFileKey()
    {
        return Parameter.Scope.ALGORITHM == declared.scope();
    }

    /** @return the default in words for help text: {@code 50ms}, {@code the scenario's own}, and how it is derived. */
    public String defaultText()
    {
        final String text = null == defaultValue() ? "the scenario's own" : format(defaultValue());
        return null == derivation ? text : text + ", " + derivation;
    }

    /**
     * @param text a value as written on a command line, in a cluster file or as a JMH parameter.
     * @return the value.
     * @throws IllegalArgumentException {@code "'x' is not accepted; accepted: ..."}, without the
     *                                  parameter's name (the caller names the flag, key or line).
     */
    public T parse(final String text)
    {
        return declared.parse(text);
    }

    /** @return the value in the form {@link #parse} reads back. */
    public String format(final T value)
    {
        return declared.format(value);
    }

    /** @return the value as written, given as an Object of this parameter's type. */
    public String formatObject(final Object value)
    {
        return declared.formatObject(value);
    }

    /**
     * @param scenario a scenario as built.
     * @return the value it runs with (a knob as derived), or null where it takes the scenario's own.
     */
    public T valueIn(final Scenario scenario)
    {
        return reader.apply(scenario);
    }

    void applyTo(final RunParameters.Draft draft, final Object value)
    {
        target.accept(draft, valueType().cast(value));
    }

    @Override
    public String toString()
    {
        return name();
    }
}
