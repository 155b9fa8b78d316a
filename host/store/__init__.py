"""The journal: every game's events in SQLite (`journal`, its `schema`), rebuilding a
game from them (`replay`), and the storage faults a test can inject (`faults`).
"""
