"""The transport's own tuning, below Socket.IO: reading frames (`reader`, `inbound`),
sending them (`outbox`, `broadcast`, `jsonwire`, `wsdeflate`), pings (`pinger`), and a
timer heap (`heap`). Knows nothing of games.
"""
