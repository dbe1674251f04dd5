package org.electbench.reference.zookeeper;

import org.electbench.reference.ReferenceConformance;
import org.electbench.reference.ReferenceSystem;
import org.electbench.reference.ReferenceSystems;

/** A ZooKeeper ensemble of three in namespaces of their own: a killed leader replaced, a cut-off leader losing quorum. */
class ZooKeeperConformanceTest extends ReferenceConformance
{
    @Override
    protected ReferenceSystem system()
    {
        return ReferenceSystems.byName("zookeeper");
    }
}
