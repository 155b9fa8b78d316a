"""The Challengers! card set as data: our own names, strengths and effects.

A card *kind* (`CardDef`) has an id such as "JUN-C1"; a physical card has a
code "<id>#<copy>" (e.g. "JUN-C1#2"), so the state is plain JSON and "every
card in exactly one place" is a multiset check. Starter cards belong to one
player and carry the seat: "p3:S-ROOKIE#1". Bench slots group cards by *name*
(all copies of one kind share a name).

Levels: S starter, A (strength <= 3), B (<= 5), C (<= 10), R robot, SOLO.
Timings: "reveal" (no keyword: when revealed), "attack" (during the attack),
"bench" (from the bench), "flag" (holding the flag), "lose_flag" (losing the
flag), "select" (when selected: Space set only, during the deck phase).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TIMINGS = ("reveal", "attack", "bench", "flag", "lose_flag", "select")
KINDS = ("power", "fans", "discard_bench", "mill")
# Which effect kinds each timing may carry (checked below, and by the tests).
ALLOWED: dict[str, tuple[str, ...]] = {
    "reveal": ("power", "fans", "discard_bench", "mill"),
    "attack": ("power",),
    "bench": ("power",),
    "flag": ("power",),
    "lose_flag": ("fans", "discard_bench", "mill"),
    "select": ("fans",),
}
LEVEL_CAP = {"A": 3, "B": 5, "C": 10}

BASE_SET = "cities"
THEMED_SETS = ("space", "jungle", "ocean", "volcano", "circus", "glacier")
SETS_PER_GAME = 5
SET_NAMES: dict[str, tuple[str, str]] = {
    "cities": ("Villes", "Cities"),
    "space": ("Espace", "Space"),
    "jungle": ("Jungle", "Jungle"),
    "ocean": ("Océan", "Ocean"),
    "volcano": ("Volcan", "Volcano"),
    "circus": ("Cirque", "Circus"),
    "glacier": ("Glacier", "Glacier"),
    "robot": ("Robot", "Robot"),
    "solo": ("Solo", "Solo"),
}


@dataclass(frozen=True)
class Effect:
    timing: str
    kind: str
    amount: int


@dataclass(frozen=True)
class CardDef:
    id: str
    set: str
    level: str
    strength: int
    name_fr: str
    name_en: str
    effect: Effect | None = None
    copies: int = 4  # 4 by default; "rare" 2, "common" 6

    @property
    def rarity(self) -> str:
        return {2: "rare", 4: "", 6: "common"}.get(self.copies, "")


def _c(
    id_: str,
    set_: str,
    level: str,
    strength: int,
    fr: str,
    en: str,
    effect: tuple[str, str, int] | None = None,
    copies: int = 4,
) -> CardDef:
    return CardDef(id_, set_, level, strength, fr, en, Effect(*effect) if effect else None, copies)


# Each player's own starter deck (6 cards; `copies` is per player).
STARTERS: tuple[CardDef, ...] = (
    _c("S-ROOKIE", "cities", "S", 1, "Recrue", "Rookie", copies=2),
    _c("S-MASCOT", "cities", "S", 2, "Mascotte", "Mascot", copies=2),
    _c("S-COACH", "cities", "S", 1, "Entraîneuse", "Coach", ("reveal", "power", 1), copies=1),
    _c("S-CAPTAIN", "cities", "S", 3, "Capitaine", "Captain", copies=1),
)

POOL: tuple[CardDef, ...] = (
    # Cities (Villes): always in the game.
    _c("CIT-A1", "cities", "A", 1, "Marchand ambulant", "Street Vendor", ("reveal", "fans", 1)),
    _c("CIT-A2", "cities", "A", 2, "Cycliste", "Cyclist", ("attack", "power", 1)),
    _c("CIT-A3", "cities", "A", 3, "Chauffeur de bus", "Bus Driver", copies=6),
    _c("CIT-A4", "cities", "A", 1, "Balayeuse", "Street Sweeper", ("reveal", "discard_bench", 2)),
    _c("CIT-B1", "cities", "B", 4, "Pompière", "Firefighter", ("flag", "power", 1)),
    _c("CIT-B2", "cities", "B", 3, "Architecte", "Architect", ("bench", "power", 1)),
    _c("CIT-B3", "cities", "B", 5, "Maire", "Mayor", ("lose_flag", "fans", 1), copies=2),
    _c("CIT-C1", "cities", "C", 8, "Gratte-ciel", "Skyscraper"),
    _c("CIT-C2", "cities", "C", 5, "Métro", "Metro", ("reveal", "power", 3)),
    # Space (Espace): the "when selected" set.
    _c("SPA-A1", "space", "A", 2, "Cadette de l'espace", "Space Cadet", ("select", "fans", 1)),
    _c("SPA-A2", "space", "A", 1, "Satellite", "Satellite", ("bench", "power", 1)),
    _c("SPA-B1", "space", "B", 4, "Astronaute", "Astronaut", ("select", "fans", 1)),
    _c("SPA-B2", "space", "B", 3, "Comète", "Comet", ("attack", "power", 2)),
    _c("SPA-C1", "space", "C", 7, "Fusée", "Rocket", ("select", "fans", 2), copies=2),
    _c("SPA-C2", "space", "C", 4, "Trou noir", "Black Hole", ("reveal", "mill", 2)),
    # Jungle.
    _c("JUN-A1", "jungle", "A", 1, "Perroquet", "Parrot", ("reveal", "power", 1)),
    _c("JUN-A2", "jungle", "A", 2, "Singe", "Monkey", ("attack", "power", 1), copies=6),
    _c("JUN-B1", "jungle", "B", 4, "Jaguar", "Jaguar", ("attack", "power", 1)),
    _c("JUN-B2", "jungle", "B", 2, "Liane", "Vine", ("bench", "power", 1)),
    _c("JUN-C1", "jungle", "C", 7, "Gorille", "Gorilla", ("flag", "power", 2)),
    _c("JUN-C2", "jungle", "C", 6, "Temple perdu", "Lost Temple", ("lose_flag", "fans", 2)),
    # Ocean (Océan).
    _c("OCE-A1", "ocean", "A", 2, "Crabe", "Crab", ("flag", "power", 1)),
    _c("OCE-A2", "ocean", "A", 1, "Méduse", "Jellyfish", ("reveal", "mill", 1)),
    _c("OCE-B1", "ocean", "B", 3, "Dauphin", "Dolphin", ("reveal", "fans", 1)),
    _c("OCE-B2", "ocean", "B", 4, "Pieuvre", "Octopus", ("lose_flag", "discard_bench", 3)),
    _c("OCE-C1", "ocean", "C", 9, "Baleine", "Whale", copies=2),
    _c("OCE-C2", "ocean", "C", 6, "Kraken", "Kraken", ("attack", "power", 3)),
    # Volcano (Volcan).
    _c("VOL-A1", "volcano", "A", 1, "Braise", "Ember", ("attack", "power", 2)),
    _c("VOL-A2", "volcano", "A", 3, "Roche de lave", "Lava Rock"),
    _c("VOL-B1", "volcano", "B", 2, "Nuage de cendres", "Ash Cloud", ("reveal", "mill", 1)),
    _c("VOL-B2", "volcano", "B", 3, "Geyser", "Geyser", ("reveal", "power", 2)),
    _c("VOL-C1", "volcano", "C", 5, "Éruption", "Eruption", ("reveal", "power", 4)),
    _c("VOL-C2", "volcano", "C", 8, "Géant de magma", "Magma Giant", ("flag", "power", 1)),
    # Circus (Cirque).
    _c("CIR-A1", "circus", "A", 1, "Clown", "Clown", ("reveal", "fans", 1)),
    _c("CIR-A2", "circus", "A", 2, "Jongleur", "Juggler", ("bench", "power", 1), copies=6),
    _c("CIR-B1", "circus", "B", 3, "Acrobate", "Acrobat", ("lose_flag", "fans", 1)),
    _c("CIR-B2", "circus", "B", 5, "Hercule de foire", "Strongman"),
    _c("CIR-C1", "circus", "C", 6, "Dompteuse", "Lion Tamer", ("flag", "power", 2)),
    _c("CIR-C2", "circus", "C", 4, "Monsieur Loyal", "Ringmaster", ("reveal", "fans", 3), copies=2),
    # Glacier.
    _c("GLA-A1", "glacier", "A", 2, "Manchot", "Penguin", ("lose_flag", "discard_bench", 1)),
    _c("GLA-A2", "glacier", "A", 1, "Boule de neige", "Snowball", ("attack", "power", 2)),
    _c("GLA-B1", "glacier", "B", 4, "Yéti", "Yeti", ("flag", "power", 1)),
    _c("GLA-B2", "glacier", "B", 2, "Pont de glace", "Ice Bridge", ("bench", "power", 1)),
    _c("GLA-C1", "glacier", "C", 5, "Avalanche", "Avalanche", ("reveal", "power", 3)),
    _c("GLA-C2", "glacier", "C", 8, "Mammouth", "Mammoth", copies=2),
)

# The robot's own set: its base deck (level R, weak) and stronger exchange cards.
# Tuned by measurement (docs/rules/challengers.md, ruling 15): a level-5 bot must be
# able to beat every robot level, each level harder than the one below.
ROBOT_BASE: tuple[CardDef, ...] = (
    _c("ROB-BOLT", "robot", "R", 1, "Boulon", "Bolt", copies=4),
    _c("ROB-GEAR", "robot", "R", 2, "Engrenage", "Gear", copies=4),
    _c("ROB-PISTON", "robot", "R", 3, "Piston", "Piston", copies=3),
)
ROBOT_STRONG: tuple[CardDef, ...] = (
    _c("ROB-DRONE", "robot", "R", 3, "Drone", "Drone", ("attack", "power", 1), copies=3),
    _c("ROB-LASER", "robot", "R", 4, "Laser", "Laser", copies=3),
    _c("ROB-MECH", "robot", "R", 4, "Méca", "Mech", ("flag", "power", 1), copies=3),
    _c("ROB-TITAN", "robot", "R", 5, "Titan", "Titan", copies=3),
)
SOLO_CARDS: tuple[CardDef, ...] = (
    _c("SOLO-OVERCLOCK", "solo", "SOLO", 6, "Surcadençage", "Overclock", ("reveal", "power", 2),
       copies=2),
    _c("SOLO-MAINFRAME", "solo", "SOLO", 9, "Ordinateur central", "Mainframe",
       ("flag", "power", 1), copies=2),
)

DEFS: dict[str, CardDef] = {
    d.id: d for d in (*STARTERS, *POOL, *ROBOT_BASE, *ROBOT_STRONG, *SOLO_CARDS)
}


_KIND_CACHE: dict[str, CardDef] = {}


def kind_of(code: str) -> CardDef:
    """The card kind of a physical card code ("JUN-C1#2", "p0:S-ROOKIE#1")."""
    found = _KIND_CACHE.get(code)
    if found is None:
        body = code.partition("#")[0]
        found = DEFS[body.partition(":")[2] or body]
        _KIND_CACHE[code] = found
    return found


def copies(defs: tuple[CardDef, ...] | list[CardDef], prefix: str = "") -> list[str]:
    """Codes of every physical copy of these kinds, in a fixed order."""
    return [f"{prefix}{d.id}#{n}" for d in defs for n in range(1, d.copies + 1)]


def starter_codes(seat: int) -> list[str]:
    return copies(STARTERS, f"p{seat}:")


def pool_defs(sets: list[str] | tuple[str, ...]) -> list[CardDef]:
    """The draftable cards of the base set plus these themed sets."""
    return [d for d in POOL if d.set == BASE_SET or d.set in sets]


def effect_text(card: CardDef, lang: str = "en") -> str:
    """A short card text, e.g. "During the attack: +2"."""
    if card.effect is None:
        return ""
    e = card.effect
    labels = {
        "en": {"reveal": "", "attack": "During the attack: ", "bench": "From the bench: ",
               "flag": "Holding the flag: ", "lose_flag": "Losing the flag: ",
               "select": "When selected: "},
        "fr": {"reveal": "", "attack": "Durant l'attaque : ", "bench": "Depuis le banc : ",
               "flag": "En possession du drapeau : ", "lose_flag": "Perte du drapeau : ",
               "select": "Lorsque sélectionnée : "},
    }[lang]
    n = e.amount
    en_s = "" if n == 1 else "s"  # a count's word in its form, never "card(s)"
    fr_s = "" if n < 2 else "s"  # French: 0 and 1 are singular
    what = {
        "en": {"power": f"+{n} strength", "fans": f"gain {n} fan{en_s}",
               "discard_bench": f"discard up to {n} card{en_s} from your bench",
               "mill": f"your opponent discards the top {n} card{en_s} of their deck"},
        "fr": {"power": f"+{n} de force", "fans": f"gagnez {n} fan{fr_s}",
               "discard_bench": f"défaussez jusqu'à {n} carte{fr_s} de votre banc",
               "mill": f"votre adversaire défausse {n} carte{fr_s} du dessus de son deck"},
    }[lang][e.kind]
    return labels[e.timing] + what


def _entry(d: CardDef) -> dict[str, Any]:
    return {"id": d.id, "set": d.set, "level": d.level, "strength": d.strength,
            "name": {"fr": d.name_fr, "en": d.name_en}, "copies": d.copies, "rarity": d.rarity,
            "timing": d.effect.timing if d.effect else None,
            "text": {"fr": effect_text(d, "fr"), "en": effect_text(d, "en")}}


_ENTRIES: dict[str, dict[str, Any]] = {}


def card_text(card_id: str) -> dict[str, Any]:
    """One kind's catalogue entry (a fresh copy: views are JSON the caller may change)."""
    entry = _ENTRIES.get(card_id)
    if entry is None:
        entry = _ENTRIES[card_id] = _entry(DEFS[card_id])
    return {**entry, "name": dict(entry["name"]), "text": dict(entry["text"])}


def catalogue() -> list[dict[str, Any]]:
    """Every card kind with its texts, for clients (static, public data)."""
    return [card_text(card_id) for card_id in DEFS]


def _check() -> None:
    for d in DEFS.values():
        if d.effect and d.effect.kind not in ALLOWED[d.effect.timing]:
            raise ValueError(f"{d.id}: {d.effect.kind} cannot happen at {d.effect.timing}")
        if d.level in LEVEL_CAP and d.strength > LEVEL_CAP[d.level]:
            raise ValueError(f"{d.id}: level {d.level} allows strength <= {LEVEL_CAP[d.level]}")
        if d.effect and d.effect.timing == "select" and d.set != "space":
            raise ValueError(f"{d.id}: only the Space set has 'when selected' effects")


_check()
