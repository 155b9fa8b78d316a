"""The buzzer board: who pressed first, margins in ms, scores; presses judged by arbiter.py."""
