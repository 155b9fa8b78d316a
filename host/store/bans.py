"""The journal's rows of phones the host keeps out: of one game, or of the whole night.

A ban is a row of `bans` (scope and the phone's token hash, never the token), so a restart
keeps it. It is written by the game's worker in the same batch as the phone's release
(host/session/removal.py), and read by the worker when a phone claims a seat: the one
writer is the one decider (issue 43). The host's side (commands, listing) is
host/room/bans.py.
"""

from __future__ import annotations

import time

from host.store.journal import Journal, Op, own_table

SCOPES = ("game", "night")
REASONS = {
    "game": "the host removed this phone from this game",
    "night": "the host removed this phone from tonight's games",
}


def scope_key(scope: str, ident: str) -> str:
    return f"{scope}:{ident}"


def ops_ban(scope: str, ident: str, token_hash: str) -> list[Op]:
    """The rows that keep a phone out (its table made first, if it is the first ban)."""
    return [own_table("bans"),
            ("INSERT OR REPLACE INTO bans(scope, token_hash, created) VALUES (?,?,?)",
             (scope_key(scope, ident), token_hash, time.time()))]


def banned(journal: Journal, token_hash: str, game: str,
           night: str | None) -> str | None:
    """The scope ("game" or "night") that keeps this phone out of the game, or None."""
    scopes = [scope_key("game", game)] + ([scope_key("night", night)] if night else [])
    rows = journal.select(
        f"SELECT scope FROM bans WHERE token_hash=? AND scope IN ({','.join('?' * len(scopes))})",
        (token_hash, *scopes))
    found = {str(row[0]).split(":", 1)[0] for row in rows}
    return "night" if "night" in found else "game" if "game" in found else None


def rows(journal: Journal, game: str, night: str | None) -> list[tuple[str, str]]:
    """(scope, token hash) of the phones kept out of this game or its night, oldest first."""
    scopes = [scope_key("game", game)] + ([scope_key("night", night)] if night else [])
    found = journal.select(
        f"SELECT scope, token_hash FROM bans WHERE scope IN ({','.join('?' * len(scopes))}) "
        "ORDER BY created", tuple(scopes))
    return [(str(scope).split(":", 1)[0], str(token)) for scope, token in found]


def tokens(journal: Journal, scope: str, ident: str) -> list[str]:
    return [str(token) for (token,) in journal.select(
        "SELECT token_hash FROM bans WHERE scope=?", (scope_key(scope, ident),))]


def ops_unban(scope: str, ident: str, token_hash: str) -> Op:
    return ("DELETE FROM bans WHERE scope=? AND token_hash=?",
            (scope_key(scope, ident), token_hash))
