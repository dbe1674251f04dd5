package org.electbench.reference;

/** A node's role as the system's own state gives it, mapped onto the three every election has. */
public enum NodeRole
{
    /** Following a leader it names. */
    FOLLOWER,
    /** In an election (Aeron's candidate or an open election, ZooKeeper's LOOKING), or not yet started. */
    ELECTING,
    /** Leading, as the system itself says. */
    LEADER
}
