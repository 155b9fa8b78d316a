"""Every refusal in both languages (host/messages/__init__.py): each code has its French and English
text, and every literal refusal reason written in host/ has its French (an AST scan)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from host import messages

HOST = Path(__file__).resolve().parents[2] / "host"
# Exceptions whose message reaches a person as a refusal's reason.
REFUSING_ERRORS = {"GameError", "OutOfTurn", "StaleEvent", "BadEvent", "BadSettings",
                   "StorageRefused", "BadMessage", "NightError", "SelectionError",
                   "BankExhausted"}
# Outcome.refuse(code, reason), sockets.refused(code, reason), packs.refuse(status, code, reason)
REFUSING_CALLS = {"refuse", "refused"}


def sample(node: ast.expr) -> str | None:
    """The text a literal reason gives, its filled-in parts replaced by stand-ins ('v' or 7);
    None for a reason built at run time (str(err) and the like)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value))
            else:
                assert isinstance(part, ast.FormattedValue)
                out.append("'v'" if part.conversion == ord("r") else "7")
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = sample(node.left), sample(node.right)
        return None if left is None or right is None else left + right
    return None


def refusal_reasons() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(HOST.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in REFUSING_CALLS and len(node.args) >= 2:
                reason = node.args[2] if len(node.args) >= 3 else node.args[1]
            elif name in REFUSING_ERRORS and node.args:
                reason = node.args[0]
            else:
                continue
            text = sample(reason)
            if text is not None:
                found.append((str(path.relative_to(HOST.parent)), node.lineno, text))
    return found


def editor_messages() -> list[tuple[str, int, str]]:
    """The pack editor's literal messages: the checker's findings (Finding(field, message)),
    the importers' failures and warnings (ImportFailed, skip(why), warnings.append)."""
    found = []
    for path in sorted([*(HOST / "quiz").rglob("*.py"), HOST / "routes" / "packs.py",
                        HOST / "routes" / "pack_files.py",
                        HOST / "routes" / "pack_bundle.py"]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            owner = func.value if isinstance(func, ast.Attribute) else None
            owner_name = getattr(owner, "attr", None) or getattr(owner, "id", None)
            if name == "Finding" and len(node.args) >= 2:
                message = node.args[1]
            elif name in ("ImportFailed", "skip") or (name, owner_name) == ("append", "warnings"):
                message = node.args[0]
            else:
                continue
            text = sample(message)
            if text is not None:
                found.append((str(path.relative_to(HOST.parent)), node.lineno, text))
    return found


def test_every_literal_editor_message_has_its_french() -> None:
    found = editor_messages()
    assert len(found) > 50
    missing = [f"{path}:{line}: {text!r}" for path, line, text in found
               if messages.french(text) is None]
    assert not missing, "no French in host/messages/fr_editor.py for:\n" + "\n".join(missing)


def test_an_import_warning_reads_in_both_languages_with_no_command_line_flag() -> None:
    warning = messages.both("quiz.gift:12: skipped: field 'answer': must be a positive integer, "
                            "not 'x'")
    assert warning["fr"] == ("quiz.gift:12 : ignorée : champ « answer » : doit être un entier "
                             "positif, pas 'x'")
    no_category = messages.both("kahoot.xlsx: row 4: skipped: no category (give --category)")
    assert no_category == {
        "fr": "kahoot.xlsx : ligne 4 : ignorée : pas de catégorie (choisissez-en une dans "
              "« Catégorie »)",
        "en": "kahoot.xlsx: row 4: skipped: no category (choose one under Category)"}


def refusal_codes() -> set[str]:
    """Every code a refusal in host/ names: refuse("code", ...), `code = "..."` on an error
    class, and {"ok": False, "code": "..."} payloads."""
    codes: set[str] = set()
    for path in sorted(HOST.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        codes.update(re.findall(r"\b[rR]efused?\((?:\d+, )?\"([a-z_]+)\"", source))
        codes.update(re.findall(r"^\s+code = \"([a-z_]+)\"", source, re.M))
        codes.update(re.findall(r"\"ok\": False, \"code\": \"([a-z_]+)\"", source))
    return codes


def test_the_scan_finds_the_refusals() -> None:
    reasons = refusal_reasons()
    assert len(reasons) > 250
    assert any(text == "the game is paused" for _, _, text in reasons)
    assert any(text == "unknown host command 'v'" for _, _, text in reasons)


def test_every_literal_refusal_reason_has_its_french() -> None:
    missing = [f"{path}:{line}: {text!r}" for path, line, text in refusal_reasons()
               if messages.french(text) is None]
    assert not missing, "no French in host/messages/fr.py for:\n" + "\n".join(missing)


def test_every_refusal_code_has_french_and_english_text() -> None:
    codes = refusal_codes()
    assert {"paused", "stale", "forbidden", "not_a_pack"} <= codes
    untold = sorted(codes - set(messages.CODES))
    assert not untold, "codes with no text: " + ", ".join(untold)
    for code, (fr, en) in messages.CODES.items():
        assert fr.strip() and en.strip() and fr != en, code


def test_a_reason_fills_its_french_and_an_unknown_one_falls_back_on_its_code() -> None:
    assert messages.text("forbidden", "only the host may send 'undo'") == {
        "fr": "Seul l’animateur peut envoyer 'undo'.", "en": "Only the host may send 'undo'."}
    assert messages.text("paused", "the game is paused")["fr"] == "La partie est en pause."
    assert messages.text("illegal", "some reason nobody wrote down") == {
        "fr": messages.CODES["illegal"][0], "en": "Some reason nobody wrote down."}
    assert messages.text("no_such_code", "") == {"fr": "Refusé.", "en": "Refused."}
    payload = messages.with_text({"ok": False, "code": "stale", "reason": "that game is gone"})
    assert payload["text"]["fr"] == "Cette partie n’existe plus."


def test_french_never_calls_the_host_l_hote() -> None:
    texts = [fr for fr, _ in messages.CODES.values()] + list(messages.FRENCH.values())
    assert not [t for t in texts if "hôte" in t]


def test_a_fields_types_read_in_french_whatever_the_field_takes() -> None:
    """Every type word the schema can name, alone or joined ("an integer or a number", the
    clock sync's fields), has its French: a French page never reads "doit être an integer"."""
    from itertools import permutations

    from host.schema import TYPE_WORDS, BadMessage, check_field

    for count in (1, 2, 3):
        for types in permutations(TYPE_WORDS, count):
            try:
                check_field("c0", object(), types)
            except BadMessage as refused:
                said = messages.french(str(refused))
            else:
                raise AssertionError(f"{types}: an object() was taken")
            assert said is not None and said.startswith("le champ « c0 » doit être "), said
            english = {"an", "integer", "a", "string", "true", "or", "false", "number", "list",
                       "object"}
            assert not english & set(re.findall(r"[a-z]+", said.split("doit être ")[1])), said
