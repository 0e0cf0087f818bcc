"""The game's words in the player's language (gettext, domain ``matador``).

Every sentence a player sees goes through ``_`` (or ``ngettext`` when it holds
a count), with names and numbers as ``str.format`` placeholders: word order
differs between languages, so a sentence is never joined from pieces. Text
defined when a module loads (a page of the rules, a rule set's title) is
marked with ``N_`` and translated where it is shown, so a language chosen
later still applies.

The catalogs are ``game/locale/LANG/LC_MESSAGES/matador.po``; the compiled
``.mo`` beside each is built by ``pip install`` and by the PyInstaller build
(both ship it) and, in a source checkout, on the first use of a language
whose ``.mo`` is missing or older than its ``.po`` (with babel, one of the
game's dependencies; should it be missing, that language shows in English and
the log says why). Nothing here imports pygame, and babel only in that case.

The language is, first to last: ``--lang`` on the command line, the one chosen
in Settings, the system's (``system_language``), English. It is set with
``set_language``; a catalog is read on the first sentence asked for, so
choosing a language costs nothing at start-up.
"""

from __future__ import annotations

import gettext
import logging
import os
import re
import sys
import threading
from pathlib import Path
from typing import Callable, Mapping

log = logging.getLogger(__name__)

DOMAIN = "matador"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# Each language named in itself, as Settings lists them.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "nl": "Nederlands",
    "de": "Deutsch",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
}
DEFAULT = "en"
PSEUDO = "pseudo"  # every string marked and accented: finds text that escaped translation (tests)

ENV = "MATADOR_LANGUAGE"  # set by set_language: worker processes (the coach's) speak the same language
_lock = threading.Lock()

_language = DEFAULT  # set from MATADOR_LANGUAGE below, once normalize is defined
_translation: gettext.NullTranslations | None = None  # of _language, read on first use


class LanguageError(ValueError):
    """A language Matador does not speak; the message names the ones it does."""


def normalize(code: str) -> str | None:
    """``code`` as one of ``LANGUAGES`` ("de_AT.UTF-8" -> "de", "pt-br" -> "pt_BR",
    "pt_PT" -> "pt_BR", the only Portuguese there is), or None."""
    text = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not text or text.upper() in ("C", "POSIX"):
        return None
    lang, _, region = text.partition("_")
    lang = lang.lower()
    full = f"{lang}_{region.upper()}" if region else lang
    if full in LANGUAGES:
        return full
    if lang == "pt":
        return "pt_BR"
    return lang if lang in LANGUAGES else None


def _inherited() -> str:
    code = os.environ.get(ENV, "")
    return PSEUDO if code == PSEUDO else (normalize(code) or DEFAULT)


_language = _inherited()


def parse_language(code: str) -> str:
    """A language code given by a person (``--lang``): the code, or ``LanguageError``."""
    found = normalize(code) if code.strip().lower() != PSEUDO else PSEUDO
    if found is None:
        known = ", ".join(LANGUAGES)
        raise LanguageError(f"{code!r} is not a language Matador speaks (choose one of {known})")
    return found


def _windows_ui_language(get_langid: Callable[[], int] | None = None) -> str | None:
    """The user's Windows display language ("de_DE"), from GetUserDefaultUILanguage."""
    import locale

    try:
        if get_langid is None:
            import ctypes

            get_langid = ctypes.windll.kernel32.GetUserDefaultUILanguage  # type: ignore[attr-defined]
        langid = int(get_langid())
    except (AttributeError, OSError, ValueError, TypeError):
        return None
    return locale.windows_locale.get(langid)


def _mac_languages() -> list[str]:
    """The user's preferred languages on macOS, first first ("de-DE", "en"), from
    CoreFoundation: an app opened from the Finder has no LANG to read."""
    import ctypes

    try:
        cf = ctypes.cdll.LoadLibrary("/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation")
        cf.CFLocaleCopyPreferredLanguages.restype = ctypes.c_void_p
        cf.CFArrayGetCount.argtypes = [ctypes.c_void_p]
        cf.CFArrayGetCount.restype = ctypes.c_long
        cf.CFArrayGetValueAtIndex.argtypes = [ctypes.c_void_p, ctypes.c_long]
        cf.CFArrayGetValueAtIndex.restype = ctypes.c_void_p
        cf.CFStringGetCString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_long, ctypes.c_uint32]
        cf.CFRelease.argtypes = [ctypes.c_void_p]
        array = cf.CFLocaleCopyPreferredLanguages()
        if not array:
            return []
        found = []
        try:
            for i in range(min(cf.CFArrayGetCount(array), 16)):
                buffer = ctypes.create_string_buffer(64)
                if cf.CFStringGetCString(cf.CFArrayGetValueAtIndex(array, i), buffer, 64, 0x08000100):  # UTF-8
                    found.append(buffer.value.decode("utf-8", "replace"))
        finally:
            cf.CFRelease(array)
        return found
    except (OSError, AttributeError, ValueError):
        return []


def system_language(
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    windows_langid: Callable[[], int] | None = None,
    mac_languages: Callable[[], list[str]] | None = None,
) -> str:
    """The language the system asks for, if Matador speaks it, else English.

    Linux and macOS: the variables gettext reads (``LANGUAGE``, a list, then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); on macOS without them (an app opened
    from the Finder) the user's preferred languages. Windows: the user's display
    language.
    """
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    wanted: list[str] = []
    if platform.startswith("win"):
        found = _windows_ui_language(windows_langid)
        if found:
            wanted.append(found)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            wanted += value.split(":") if name == "LANGUAGE" else [value]
            if name != "LANGUAGE":
                break  # the first one set decides, as in gettext
    if not wanted and platform == "darwin":
        wanted = (mac_languages or _mac_languages)()
    for code in wanted:
        found_code = normalize(code)
        if found_code is not None:
            return found_code
    return DEFAULT


def choose(command_line: str | None, setting: str | None) -> str:
    """The language to play in: the command line's, else the setting's, else the system's."""
    for code in (command_line, setting):
        if code:
            found = PSEUDO if code == PSEUDO else normalize(code)
            if found is not None:
                return found
    return system_language()


def set_language(code: str) -> str:
    """Play in ``code`` from now on (its catalog is read when first needed); the code set.
    Processes started afterwards (the coach's workers) inherit it through ``MATADOR_LANGUAGE``."""
    global _language, _translation
    found = PSEUDO if code == PSEUDO else (normalize(code) or DEFAULT)
    with _lock:
        if found != _language:
            _language, _translation = found, None
        os.environ[ENV] = found
    return found


def current_language() -> str:
    return _language


def _catalog() -> gettext.NullTranslations:
    global _translation
    found = _translation
    if found is None:
        with _lock:
            if _translation is None:
                _translation = _load(_language)
            found = _translation
    return found


def _load(code: str) -> gettext.NullTranslations:
    if code == DEFAULT:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return PseudoTranslations()
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    ensure_compiled(code)
    try:
        with open(mo, "rb") as handle:
            return gettext.GNUTranslations(handle)
    except OSError as err:
        log.warning("no %s catalog (%s): English instead", code, err)
    except Exception as err:  # a damaged catalog must not stop the game
        log.warning("the %s catalog cannot be read (%s): English instead", code, err)
    return gettext.NullTranslations()


def ensure_compiled(code: str, locale_dir: Path = LOCALE_DIR) -> bool:
    """In a source checkout, compile ``code``'s ``.po`` when its ``.mo`` is missing or
    older (babel is imported only then). Whether a ``.mo`` is there afterwards."""
    folder = locale_dir / code / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    try:
        fresh = mo.stat().st_mtime >= po.stat().st_mtime
    except FileNotFoundError:
        fresh = mo.is_file()  # a build ships the .mo alone
    if fresh or getattr(sys, "frozen", False) or not po.is_file():
        return mo.is_file()
    try:
        compile_catalog(po, mo)
    except ImportError:
        log.warning("%s is not compiled and babel is not installed (pip install babel)", mo)
    except Exception as err:
        log.warning("cannot compile %s: %s", po, err)
    return mo.is_file()


def compile_catalog(po: Path, mo: Path) -> None:
    """``po`` compiled to ``mo`` with babel, written atomically; fuzzy entries are left out."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as handle:
        catalog = read_po(handle, locale=po.parent.parent.name)
    temporary = mo.with_name(f".{mo.name}.{os.getpid()}.tmp")
    with open(temporary, "wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)
    os.replace(temporary, mo)


def compile_all(locale_dir: Path = LOCALE_DIR, out_dir: Path | None = None) -> list[Path]:
    """Compile every catalog under ``locale_dir`` (into ``out_dir``, the same tree by
    default): what the install and the PyInstaller build call. The ``.mo`` files written."""
    written = []
    for po in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        target = (out_dir or locale_dir) / po.relative_to(locale_dir).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        compile_catalog(po, target)
        written.append(target)
    return written


# -- what the code calls ------------------------------------------------------


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` ("1 tile", "3 tiles": languages have more or fewer forms)."""
    return _catalog().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it (the month "May", not the verb)."""
    return _catalog().pgettext(context, message)


def NP_(context: str, message: str) -> str:
    """``N_`` with a context: translated later with ``pgettext(context, message)``."""
    return message


def in_every_language(message: str) -> set[str]:
    """``message`` in each language Matador speaks (the server refuses a player's
    name that reads like a computer level's in any of them)."""
    return {message} | {_load(code).gettext(message) for code in LANGUAGES if code != DEFAULT}


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (yet): for text
    defined when a module loads, translated with ``_`` where it is shown."""
    return message


# -- the pseudo-language ------------------------------------------------------

PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
_ACCENTED = str.maketrans(
    "AEIOUCNSYaeiouncsyz",
    "ÀÉÎÖÛÇÑŠÝàéîöûñçšýž",
)
_KEEP = re.compile(r"(\{[^{}]*\}|\*\*)")  # placeholders and bold marks stay as they are


def pseudo(message: str) -> str:
    """``message`` accented and between markers, its placeholders untouched."""
    parts = _KEEP.split(message)
    return PSEUDO_OPEN + "".join(p if _KEEP.fullmatch(p) else p.translate(_ACCENTED) for p in parts) + PSEUDO_CLOSE


class PseudoTranslations(gettext.NullTranslations):
    """Every sentence accented and marked: a screen showing a plain English word
    has text that did not go through the catalog."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


__all__ = [
    "LANGUAGES",
    "LanguageError",
    "NP_",
    "N_",
    "PSEUDO",
    "_",
    "choose",
    "compile_all",
    "current_language",
    "ngettext",
    "normalize",
    "pgettext",
    "parse_language",
    "set_language",
    "system_language",
]
