"""The buzzer board: who pressed first, margins in ms, scores; on top of host.arbiter."""
