"""Settings of the territory game: the rulings marked (config), with their defaults.

A host may play the variant their group knows; anything else in the settings
dict is refused with a GameError naming the key, so a typo never goes unseen.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from host.games.contract import GameError
from host.territory.modes import MODES

ATTACK_ADJACENCY = ("rounds_1_3", "always", "never")
DEFENCE_BONUS = ("tiebreak", "any_hold", "off")
_MAX_SECONDS = 600.0


@dataclass(frozen=True)
class TerritorySettings:
    numeric_seconds: float = 20.0
    choice_seconds: float = 15.0
    pick_seconds: float = 10.0
    reveal_seconds: float = 6.0
    # Where an attack may land: adjacency in rounds 1-3 only, in every round, or never.
    attack_adjacency: str = "rounds_1_3"
    # When the defender earns +100: winning the speed tie-break, any hold, or never.
    defence_bonus: str = "tiebreak"
    # classic (the French rules text) | duel (2 players) | campaign: see host/territory/modes.py.
    mode: str = "classic"

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON; `mode` is written only when it is not classic, so a classic
        game's state and journal read exactly as they did before modes existed."""
        data = asdict(self)
        if self.mode == "classic":
            del data["mode"]
        return data


_SECONDS = ("numeric_seconds", "choice_seconds", "pick_seconds", "reveal_seconds")
_CHOICES = {"attack_adjacency": ATTACK_ADJACENCY, "defence_bonus": DEFENCE_BONUS,
            "mode": MODES}


def parse_settings(raw: dict[str, Any] | None) -> TerritorySettings:
    """Validate a settings dict (missing keys take their defaults)."""
    if raw is None:
        return TerritorySettings()
    if not isinstance(raw, dict):
        raise GameError("Territory settings must be an object of key/value pairs.")
    known = {f.name for f in fields(TerritorySettings)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise GameError(
            f"Unknown territory setting(s): {', '.join(map(str, unknown))}. "
            f"Known: {', '.join(sorted(known))}."
        )
    values: dict[str, Any] = {}
    for key in _SECONDS:
        if key in raw:
            values[key] = _seconds(key, raw[key])
    for key, allowed in _CHOICES.items():
        if key in raw:
            value = raw[key]
            if value not in allowed:
                raise GameError(
                    f"Setting {key} must be one of {', '.join(allowed)}, not {value!r}."
                )
            values[key] = value
    return TerritorySettings(**values)


def _seconds(key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise GameError(f"Setting {key} must be a number of seconds, not {value!r}.")
    if not 0 < value <= _MAX_SECONDS:
        raise GameError(f"Setting {key} must be between 0 and {_MAX_SECONDS:g} seconds.")
    return float(value)
