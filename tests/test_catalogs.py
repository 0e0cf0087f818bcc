"""The catalogs (game/locale): every message the code uses is in every language and
translated (no fuzzy entry), each translation keeps its message's placeholders and
bold marks, and each catalog starts with its glossary of the game's words."""

from __future__ import annotations

import importlib.util
import re
import string
from pathlib import Path
from typing import Any

import pytest

from game import i18n

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]  # the translated ones


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("matador_messages", ROOT / "tools" / "messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def template() -> Any:
    return _tool().extract()


def _catalog(code: str) -> Any:
    with open(ROOT / "game" / "locale" / code / "LC_MESSAGES" / "matador.po", "rb") as handle:
        return read_po(handle, locale=code)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_languages_of_the_code_have_catalogs() -> None:
    from game.i18n import LANGUAGES as SPOKEN

    assert sorted(_tool().languages()) == sorted(code for code in SPOKEN if code != "en") == sorted(LANGUAGES)


def test_the_template_holds_the_game_s_sentences(template: Any) -> None:
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    assert len(ids) > 450
    for sample in ("Settings", "Learn to play", "the boneyard is empty", "Leyden's cross", "{tile} is not in your hand"):
        assert sample in ids, sample
    assert "say" not in ids and "kind" not in ids  # a subscript's key is not a message


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_of_the_code_is_translated(code: str) -> None:
    """tools/messages.py check: no message of the code missing, fuzzy or untranslated."""
    catalog = _catalog(code)
    assert not catalog.fuzzy, f"{code}: the header is marked fuzzy"
    assert _tool().problems(code) == []
    assert not [m.id for m in catalog if m.id and m.fuzzy]


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_placeholders_and_bold(code: str) -> None:
    problems = []
    for message in _catalog(code):
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set().union(*(_fields(i) for i in ids))
        found = set().union(*(_fields(f) for f in forms))
        if found != wanted or any(not _fields(f) <= wanted for f in forms):
            problems.append(f"{ids[0]!r}: {sorted(wanted)} but {forms!r} has {sorted(found)}")
        if any(f.count("**") != ids[0].count("**") for f in forms):
            problems.append(f"{ids[0]!r}: the bold marks differ in {forms!r}")
        for form in forms:
            form.format(**{name: "x" for name in wanted})  # a stray brace fails here
    assert problems == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalog_starts_with_its_glossary(code: str) -> None:
    head = (ROOT / "game" / "locale" / code / "LC_MESSAGES" / "matador.po").read_text(encoding="utf-8").split('msgid ""')[0]
    for term in ("tile", "boneyard", "draw", "pass", "matador", "spinner", "blocked", "round", "match", "seat", "cross", "arm"):
        assert re.search(rf"\b{term}\b", head), f"{code}: the glossary does not say how to call {term!r}"


# How a catalog would address the player formally, where its glossary chose the
# familiar form (German: "Du-Form"; Dutch je, Spanish tú, Portuguese você): one form
# throughout, a sentence in the other stands out ("Ihr Name auf diesem Server" beside
# "gib deinen Freunden").
FORMAL = {
    "de": r"\bIhnen\b|\bIhre[mnrs]?\b|\bIhr Name\b|\b\w+en Sie\b|\bSie (sind|können|haben)\b",
    "nl": r"\b[Uu]w?\b",
    "es": r"\b[Uu]sted(es)?\b",
    "pt_BR": r"\b[Oo] senhor\b|\b[Aa] senhora\b",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalog_speaks_to_the_player_in_one_form(code: str) -> None:
    formal = re.compile(FORMAL[code])
    found = []
    for message in _catalog(code):
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            if message.id and text and formal.search(text):
                found.append(text)
    assert found == [], f"{code}: the formal address, where the glossary says the familiar: {found[:5]}"


def test_the_catalogs_compile_and_read_back(tmp_path: Path) -> None:
    import gettext

    from game.i18n import compile_all

    written = compile_all(ROOT / "game" / "locale", tmp_path)
    assert sorted(p.parent.parent.name for p in written) == sorted(LANGUAGES)
    with open(tmp_path / "de" / "LC_MESSAGES" / "matador.mo", "rb") as handle:
        german = gettext.GNUTranslations(handle)
    assert german.gettext("Leyden's cross") == "Das Leydener Kreuz"
    assert german.ngettext("{count} tile", "{count} tiles", 2) == "{count} Steine"


@pytest.mark.parametrize("code", [i18n.DEFAULT, *LANGUAGES])
def test_every_character_of_every_message_is_one_the_fonts_draw(code: str, template: Any) -> None:
    """A character the shipped fonts lack is drawn as an empty box (a "▼" did, in the
    moves panel): each message, in English and in every translation, holds only
    characters some font the game ships draws."""
    from game.ui.drawing.glyphs import drawable, invisible

    catalog = template if code == i18n.DEFAULT else _catalog(code)
    lacking: set[str] = set()
    for message in catalog:
        if not message.id:
            continue  # the header
        texts = [message.id] if code == i18n.DEFAULT else [message.string]
        for text in texts:
            for part in text if isinstance(text, tuple) else (text,):
                lacking |= {c for c in part if not c.isspace() and not invisible(c) and not drawable(c)}
    assert not lacking, f"{code}: no font draws {sorted(lacking)}"
