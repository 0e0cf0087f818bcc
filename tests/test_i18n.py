"""The language machinery (game.i18n): choosing a language, the command line's
--lang, the setting, catalogs compiled on demand, plurals and the pseudo-language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from game.commands.cli import run
from game.i18n import LANGUAGES, _, ngettext, normalize, parse_language, system_language

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("de_DE.UTF-8", "de"),
        ("de-AT", "de"),
        ("nl_BE@euro", "nl"),
        ("es_MX", "es"),
        ("pt_BR", "pt_BR"),
        ("pt-br", "pt_BR"),
        ("pt_PT.UTF-8", "pt_BR"),
        ("en_GB", "en"),
        ("fr_FR", None),
        ("C", None),
        ("POSIX", None),
        ("", None),
    ],
)
def test_normalize(code: str, expected: str | None) -> None:
    assert normalize(code) == expected


def test_system_language_follows_the_environment_as_gettext_does() -> None:
    assert system_language({"LANG": "nl_NL.UTF-8"}, "linux") == "nl"
    assert system_language({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "linux") == "es"
    assert system_language({"LANGUAGE": "fr:de", "LANG": "es_ES"}, "darwin") == "de"  # the first it speaks
    assert system_language({"LANG": "fr_FR.UTF-8"}, "linux") == "en"
    assert system_language({}, "linux") == "en"


def test_system_language_on_macos_without_a_locale_is_the_preferred_one() -> None:
    """An app opened from the Finder has no LANG: the user's preferred languages decide."""
    assert system_language({}, "darwin", mac_languages=lambda: ["fr-FR", "pt-BR", "en"]) == "pt_BR"
    assert system_language({}, "darwin", mac_languages=lambda: []) == "en"
    assert system_language({"LANG": "nl_NL.UTF-8"}, "darwin", mac_languages=lambda: ["de"]) == "nl"
    assert system_language({}, "linux", mac_languages=lambda: ["de"]) == "en"


def test_system_language_on_windows_is_the_users_display_language() -> None:
    assert system_language({}, "win32", windows_langid=lambda: 0x0413) == "nl"  # nl_NL
    assert system_language({}, "win32", windows_langid=lambda: 0x0416) == "pt_BR"  # pt_BR
    assert system_language({}, "win32", windows_langid=lambda: 0x0C0A) == "es"  # es_ES (modern sort)
    assert system_language({}, "win32", windows_langid=lambda: 0x040C) == "en"  # French: not spoken

    def broken() -> int:
        raise OSError("no kernel32")

    assert system_language({"LANG": "de_DE"}, "win32", windows_langid=broken) == "de"


def test_choose_prefers_the_command_line_then_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert i18n.choose("de", "nl") == "de"
    assert i18n.choose(None, "nl") == "nl"
    assert i18n.choose(None, "") == "es"


def test_translations_plurals_and_placeholders() -> None:
    i18n.set_language("de")
    assert _("Settings") == "Einstellungen"
    assert ngettext("{count} tile", "{count} tiles", 1).format(count=1) == "1 Stein"
    assert ngettext("{count} tile", "{count} tiles", 3).format(count=3) == "3 Steine"
    i18n.set_language("en")
    assert _("Settings") == "Settings"
    assert ngettext("{count} tile", "{count} tiles", 3).format(count=3) == "3 tiles"


def test_the_pseudo_language_marks_and_keeps_placeholders() -> None:
    i18n.set_language(i18n.PSEUDO)
    shown = _("Seat {number} needs a name")
    assert shown.startswith("⟦") and shown.endswith("⟧") and "{number}" in shown
    assert shown.format(number=2).count("2") == 1


def test_a_missing_catalog_is_compiled_from_its_po(tmp_path: Path) -> None:
    pytest.importorskip("babel")
    folder = tmp_path / "nl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "matador.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Back"\nmsgstr "Terug"\n',
        encoding="utf-8",
    )
    assert i18n.ensure_compiled("nl", tmp_path)
    import gettext

    with open(folder / "matador.mo", "rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("Back") == "Terug"
    before = (folder / "matador.mo").stat().st_mtime_ns
    assert i18n.ensure_compiled("nl", tmp_path)  # fresh: not compiled again
    assert (folder / "matador.mo").stat().st_mtime_ns == before


def test_parse_language_refuses_what_it_does_not_speak() -> None:
    assert parse_language("pt-BR") == "pt_BR"
    with pytest.raises(i18n.LanguageError, match="en, nl, de, es, pt_BR"):
        parse_language("klingon")


def test_bad_lang_flag_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'fr' is not a language Matador speaks" in err[0], err


def test_lang_flag_speaks_to_the_player_in_that_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--lang", "de", "--size", "10x10"]) == 2
    err = capsys.readouterr().err
    assert "640x480" in err and "Fenster" in err, err


def test_settings_keep_the_language_and_refuse_unknown_ones() -> None:
    from game.profile.settings import Settings

    assert Settings.from_json({"language": "es"}).language == "es"
    assert Settings.from_json({"language": "xx"}).language == ""
    assert Settings.from_json(Settings(language="pt_BR").to_json()).language == "pt_BR"


def test_the_window_opens_in_the_language_chosen(tmp_path: Path) -> None:
    """--lang de for this run; without it, the language kept in Settings (es)."""
    from game.profile.settings import Settings, save_settings

    save_settings(Settings(language="es"))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop(i18n.ENV, None)
    code = "from game.commands.cli import run; from game import i18n; import game.ui.shell.launch as l; l.play = lambda *a: print(i18n.current_language()) or 0; raise SystemExit(run(%r))"
    for args, expected in ((["--lang", "de"], "de"), ([], "es")):
        done = subprocess.run([sys.executable, "-c", code % args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected


def test_every_language_is_named_in_itself() -> None:
    assert LANGUAGES == {
        "en": "English",
        "nl": "Nederlands",
        "de": "Deutsch",
        "es": "Español",
        "pt_BR": "Português (Brasil)",
    }


def test_worker_processes_speak_the_language_chosen() -> None:
    """The coach's workers are started processes: the language reaches them through
    MATADOR_LANGUAGE, which set_language keeps."""
    i18n.set_language("de")
    assert os.environ[i18n.ENV] == "de"
    code = "from game.i18n import _; print(_('passing'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Passen"
