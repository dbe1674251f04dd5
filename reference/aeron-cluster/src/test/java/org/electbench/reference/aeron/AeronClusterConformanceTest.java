package org.electbench.reference.aeron;

import org.electbench.reference.ReferenceConformance;
import org.electbench.reference.ReferenceSystem;
import org.electbench.reference.ReferenceSystems;

/** Aeron Cluster, three members in namespaces of their own: a killed leader replaced, a cut-off leader stepping down. */
class AeronClusterConformanceTest extends ReferenceConformance
{
    @Override
    protected ReferenceSystem system()
    {
        return ReferenceSystems.byName("aeron-cluster");
    }
}
