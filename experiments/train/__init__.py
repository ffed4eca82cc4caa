"""``mammoth train``: the learned evaluation fitted on the engine's own games."""
