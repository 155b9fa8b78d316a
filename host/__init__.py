"""Tourelle: a live quiz-night host (Flask-SocketIO)."""

__version__ = "0.1.0"
