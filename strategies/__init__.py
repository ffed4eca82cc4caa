"""The players: strategy families, each one module, registered by name."""
