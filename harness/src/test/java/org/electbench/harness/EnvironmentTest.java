package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A run's recorded JVM flags keep how it ran and drop where this machine keeps things. */
class EnvironmentTest
{
    @Test
    void theFlagsKeepTheSettingsAndDropTheMachinesPaths()
    {
        final List<String> flags = List.of(
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:+UseParallelGC",
            "-XX:SharedArchiveFile=/home/someone/electbench/cli/target/cds/1987267927.jsa",
            "-Xlog:cds=off",
            "-XX:TieredStopAtLevel=1",
            "-Delectbench.commit=24968578",
            "-Delectbench.home=/home/someone/electbench",
            "-D" + RunFolder.PROPERTY + "=/home/someone/results/run-1",
            "-Xmx2g");

        assertEquals(List.of(
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:+UseParallelGC",
            "-Xlog:cds=off",
            "-XX:TieredStopAtLevel=1",
            "-Delectbench.commit=24968578",
            "-Xmx2g"), Environment.settingFlags(flags));
    }
}
