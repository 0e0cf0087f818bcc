"""The game's catalogs: extract every marked sentence, merge it into each language, compile.

    python tools/messages.py extract   # game/locale/matador.pot, and each .po brought up to date
    python tools/messages.py compile   # every .po to its .mo (the install and the build do this too)
    python tools/messages.py check     # exit 1 if a .po lacks a message, has a fuzzy or an untranslated one

The sentences are those the code passes to ``_``, ``ngettext``, ``pgettext`` and
marks with ``N_`` / ``NP_`` (see game/i18n.py), and the words of the lessons
(game/learning/lessons.json). ``# TRANSLATORS:`` comments above a call go into the
catalogs. babel does the work (``pip install babel``); babel.cfg holds the same
setup for ``pybabel extract -F babel.cfg``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "matador.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
COMMENT_TAGS = ["TRANSLATORS:"]
HEADER = """\
# Matador, the domino game where joined ends add up to seven.
# Made by tools/messages.py (python tools/messages.py extract): do not edit it by hand."""


def extract_lessons(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """babel extractor for game/learning/lessons.json: the titles, summaries, what each step
    says (and says to a wrong move), and the computer opponents' names."""
    data = json.loads(fileobj.read().decode("utf-8"))
    for lesson in data.get("lessons", []):
        where = f"lesson {lesson.get('id', '?')}"
        for key in ("title", "summary"):
            if lesson.get(key):
                yield 0, "_", lesson[key], [f"{where}: its {key}"]
        for player in lesson.get("players", []):
            if player.get("kind") != "human" and player.get("name"):
                yield 0, "_", player["name"], [f"{where}: the computer opponent's name, which its steps use"]
        for number, step in enumerate(lesson.get("steps", [])):
            if step.get("say"):
                yield 0, "_", step["say"], [f"{where}, step {number}"]
            if step.get("wrong"):
                yield 0, "_", step["wrong"], [f"{where}, step {number}: said after a wrong move"]


def extract() -> Any:
    """A babel Catalog of every message of the game, in a stable order."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(project="Matador", version="1", msgid_bugs_address="", copyright_holder="", header_comment=HEADER)
    files = sorted(p for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts)
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            # Where a message is used, by file only: line numbers would change every
            # catalog at every edit above a message (and make branches conflict).
            catalog.add(message, None, [(rel, None)], auto_comments=comments, context=context)
    lessons = ROOT / "game" / "learning" / "lessons.json"
    with open(lessons, "rb") as handle:
        for _lineno, _func, message, comments in extract_lessons(handle, KEYWORDS, COMMENT_TAGS, {}):
            catalog.add(message, None, [("game/learning/lessons.json", None)], auto_comments=comments)
    return catalog


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / "matador.po").is_file())


def _write(catalog: Any, path: Path, **options: Any) -> None:
    from babel.messages.pofile import write_po

    with open(path, "wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, **options)


def update() -> None:
    """Write the template and merge it into every language (new messages come in
    untranslated, vanished ones are dropped, nothing is guessed: no fuzzy matching)."""
    from babel.messages.pofile import read_po

    template = extract()
    _write(template, POT)
    for code in languages():
        path = LOCALE / code / "LC_MESSAGES" / "matador.po"
        with open(path, "rb") as handle:
            catalog = read_po(handle, locale=code)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(catalog, path, ignore_obsolete=True)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def init(code: str) -> None:
    """Start the catalog of a new language ``code`` (then translate it, and add the
    language to ``game.i18n.LANGUAGES``)."""
    from babel.messages.catalog import Catalog

    folder = LOCALE / code / "LC_MESSAGES"
    if (folder / "matador.po").exists():
        raise SystemExit(f"{folder / 'matador.po'} exists already")
    folder.mkdir(parents=True, exist_ok=True)
    template = extract()
    catalog = Catalog(locale=code, project="Matador", version="1", header_comment=HEADER)
    catalog.update(template, no_fuzzy_matching=True)
    _write(catalog, folder / "matador.po")
    print(f"{(folder / 'matador.po').relative_to(ROOT)}: {len(catalog)} messages to translate")


def problems(code: str) -> list[str]:
    """What keeps ``code``'s catalog from being complete (empty when it is)."""
    from babel.messages.pofile import read_po

    template = extract()
    with open(LOCALE / code / "LC_MESSAGES" / "matador.po", "rb") as handle:
        catalog = read_po(handle, locale=code)
    found = []
    for message in template:
        if not message.id:
            continue
        ours = catalog.get(message.id, message.context)
        if ours is None:
            found.append(f"{code}: missing {message.id!r}")
        elif ours.fuzzy:
            found.append(f"{code}: fuzzy {message.id!r}")
        elif not ours.string or (isinstance(ours.string, tuple) and not all(ours.string)):
            found.append(f"{code}: untranslated {message.id!r}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        update()
        return 0
    if command == "init" and len(argv) == 2:
        init(argv[1])
        return 0
    if command == "compile":
        sys.path.insert(0, str(ROOT))
        from game.i18n import compile_all

        for path in compile_all():
            print(path.relative_to(ROOT))
        return 0
    if command == "check":
        found = [line for code in languages() for line in problems(code)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print("usage: python tools/messages.py extract|compile|check|init LANG", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
