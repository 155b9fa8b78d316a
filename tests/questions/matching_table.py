"""A table of typed answers with a person's verdict, to measure host/quiz/matching.py at its
default threshold (tests/questions/test_matching.py; counts in docs/QUESTIONS.md).

For each answer of each language: five answers a team might type, built the same way for
every answer (so the table is not picked to flatter the matcher): the answer without
accents in capitals, with a leading article, one wrong letter in its longest word, two
neighbouring letters swapped, and a real near miss (another answer a team might confuse it
with), which a person refuses. A person accepts the first four."""

from __future__ import annotations

# (accepted answer, a near miss a person refuses)
ANSWERS = {
    "fr": [
        ("Autriche", "Australie"), ("Suède", "Suisse"), ("Mozart", "Monet"),
        ("Saturne", "Uranus"), ("la Loire", "la Seine"), ("Napoléon", "Néron"),
        ("Marseille", "Martigues"), ("Victor Hugo", "Victor Hugues"),
        ("le Mont Blanc", "le Mont Blanc du Tacul"), ("Jupiter", "Junon"),
        ("Bordeaux", "Bergerac"), ("Picasso", "Pissarro"), ("le Portugal", "le Paraguay"),
        ("Chopin", "Chostakovitch"), ("Molière", "Mollier"), ("Strasbourg", "Saint-Brieuc"),
        ("Marie Curie", "Pierre Curie"), ("l'Islande", "l'Irlande"), ("Venise", "Vienne"),
        ("Hergé", "Hervé"),
    ],
    "en": [
        ("Austria", "Australia"), ("Sweden", "Swedish"), ("Mozart", "Monet"),
        ("Saturn", "Uranus"), ("the Thames", "the Humber"), ("Napoleon", "Nelson"),
        ("Edinburgh", "Eddington"), ("Charles Dickens", "Charles Darwin"),
        ("Mount Everest", "Mount Elbrus"), ("Jupiter", "Juniper"),
        ("Liverpool", "Liverpool Street"), ("Picasso", "Pissarro"), ("Portugal", "Paraguay"),
        ("Chopin", "Chapman"), ("Shakespeare", "Shackleton"), ("Manchester", "Winchester"),
        ("Marie Curie", "Marie Antoinette"), ("Iceland", "Ireland"), ("Venice", "Vienna"),
        ("the Beatles", "the Beach Boys"),
    ],
}
ARTICLE = {"fr": "le ", "en": "the "}


def _strip_accents(text: str) -> str:
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def _longest_word(text: str) -> tuple[int, str]:
    words = text.split(" ")
    index = max(range(len(words)), key=lambda i: len(words[i]))
    return index, words[index]


def _with_word(text: str, index: int, word: str) -> str:
    words = text.split(" ")
    words[index] = word
    return " ".join(words)


def one_wrong_letter(text: str) -> str:
    """The longest word with its letter after the middle replaced by the next letter."""
    index, word = _longest_word(text)
    at = len(word) // 2
    plain = _strip_accents(word[at]).lower()  # "è" becomes "f", never another accent
    letter = "a" if plain == "z" or not plain.isalpha() else chr(ord(plain) + 1)
    return _with_word(text, index, word[:at] + letter + word[at + 1:])


def two_swapped(text: str) -> str:
    index, word = _longest_word(text)
    at = max(1, len(word) // 2 - 1)
    return _with_word(text, index, word[:at] + word[at + 1] + word[at] + word[at + 2:])


def table(language: str) -> list[tuple[str, str, bool]]:
    """(typed, accepted, a person accepts it) rows."""
    rows = []
    for answer, miss in ANSWERS[language]:
        bare = answer.split(" ", 1)[1] if answer.split(" ")[0].lower() in (
            "le", "la", "the") else answer.removeprefix("l'")
        rows += [(_strip_accents(answer).upper(), answer, True),
                 (ARTICLE[language] + bare, answer, True),
                 (one_wrong_letter(answer), answer, True),
                 (two_swapped(answer), answer, True),
                 (miss, answer, False)]
    return rows
