"""The room: every game of the host (`hub`), what the host page sees (`host_state`),
phones following the room from game to game (`following`), bans (`bans`) and results
(`results`).
"""
