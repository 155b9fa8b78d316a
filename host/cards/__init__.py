"""Card-game mode: shared card primitives and the card game engines."""
