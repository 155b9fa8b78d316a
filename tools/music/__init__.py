"""The music round's clips: tunes written as scores in our own text format (score.py),
turned into MIDI (midi.py), rendered with fluidsynth and a General MIDI sound font and
encoded to Ogg Opus (render.py), and read back (ogg.py, listen.py). See docs/QUESTIONS.md,
"The music round"."""
