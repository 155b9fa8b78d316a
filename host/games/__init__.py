"""The contract every game engine follows, and the registry of games."""
