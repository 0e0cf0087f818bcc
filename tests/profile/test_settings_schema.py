"""The settings schema (game/profile/settings.py): every setting read back as written,
each bad or unknown value in the file falling back alone (logged, the rest
kept, the file neither reset nor moved aside), what is not a settings file at
all moved aside, and README's list written from the schema."""

from __future__ import annotations

import importlib.util
import json
import logging
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.i18n import N_
from game.profile.settings import ON_OFF, SCHEMA, Setting, Settings, by_key, load_settings, register, save_settings, settings_path

ROOT = Path(__file__).resolve().parents[2]


def other_value(setting: Setting[Any]) -> Any:
    """A good value of ``setting`` that is not its default."""
    if setting.kind == "bool":
        return not setting.default
    if setting.kind == "choice":
        return next(v for v in setting.values if v != setting.default)
    if setting.kind == "number":
        return round((setting.low + setting.high) * 0.35, 2)
    if setting.kind == "size":
        return (1024, 768)
    return {"rules": "leyden", "seats": ["human", "hard"]}


def chosen() -> Settings:
    settings = Settings()
    for setting in SCHEMA:
        setattr(settings, setting.key, other_value(setting))
    return settings


HOSTILE: list[Any] = [
    None, "", "x" * 100_000, 2**62, -(2**62), 1e308, -1e308, -1, 0.5, True, False, [], [1, 2], [[[[[]]]]],
    {}, {"a": {"b": {"c": [None, {"d": "e" * 1000}]}}}, ["320", "800"], [319, 800], [10001, 800], [1280, 800, 1],
    [True, False], "normal ", "NORMAL", "de_AT", 125.0, 100.0, 1.0000001, -0.0000001,
]


def written(data: Any) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("key", [s.key for s in SCHEMA])
def test_every_setting_is_read_back_as_written(key: str) -> None:
    """Changed alone, and with every other changed too (the schema's, at collection)."""
    setting = by_key(key)
    assert setting is not None
    alone = Settings()
    setattr(alone, key, other_value(setting))
    for settings in (alone, chosen()):
        assert settings.get(key) != Settings().get(key)
        save_settings(settings)
        again, message = load_settings()
        assert message is None and again == settings and again.get(key) == settings.get(key)


@pytest.mark.parametrize("key", [s.key for s in SCHEMA])
def test_a_bad_value_falls_back_alone(key: str, caplog: pytest.LogCaptureFixture) -> None:
    """Each hostile value in place of one setting: that setting takes its default,
    every other keeps what the file said, nothing is moved aside, and the log says so."""
    setting = by_key(key)
    assert setting is not None
    good = chosen()
    for bad in HOSTILE:
        try:
            setting.parse(bad)
            continue  # a value this setting may take (True for a switch, 1.0 for the volume...)
        except ValueError:
            pass
        data = good.to_json()
        data[key] = bad
        written(data)
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="game.profile.settings"):
            settings, message = load_settings()
        assert message is None, (key, bad)
        assert settings.get(key) == setting.default, (key, bad)
        for other in SCHEMA:
            if other is not setting:
                assert settings.get(other.key) == good.get(other.key), (key, bad, other.key)
        assert settings_path().exists() and not list(settings_path().parent.glob("settings.json.broken-*"))
        assert any(key in r.getMessage() for r in caplog.records), (key, bad)
        assert all(len(r.getMessage()) < 400 for r in caplog.records)  # a huge value is not logged whole


def test_the_choices_are_held_to_their_types() -> None:
    """1 is not True, True is not 100%, 1 is not 1.0 of a size: no value passes for another."""
    assert Settings.from_json({"hints": 0, "sound": 1}).hints is True
    assert Settings.from_json({"text_scale": True}).text_scale == 100
    assert Settings.from_json({"text_scale": 125.0}).text_scale == 100
    assert Settings.from_json({"window_size": [1024.0, 768]}).window_size == (1280, 800)
    assert Settings.from_json({"volume": 1}).volume == 1.0 and isinstance(Settings.from_json({"volume": 1}).volume, float)
    assert Settings.from_json({"language": "xx"}).language == ""


def test_unknown_keys_are_ignored_and_the_rest_kept(caplog: pytest.LogCaptureFixture) -> None:
    data = chosen().to_json()
    data.update({"zzz": 1, "__class__": "os.system", "": None, "volume ": 0.1, "k" * 10_000: [1] * 1000})
    written(data)
    with caplog.at_level(logging.WARNING, logger="game.profile.settings"):
        settings, message = load_settings()
    assert message is None and settings == chosen()
    assert any("zzz" in r.getMessage() for r in caplog.records)
    assert all(len(r.getMessage()) < 400 for r in caplog.records)


@pytest.mark.parametrize("version", ["1", None, -5, 0, 1.5, True, [1], {"v": 1}])
def test_a_bad_version_number_is_read_as_ours(version: Any) -> None:
    data = chosen().to_json()
    data["version"] = version
    written(data)
    settings, message = load_settings()
    assert message is None and settings == chosen()


@pytest.mark.parametrize("top", [[1, 2, 3], "settings", 42, None, True, [{"volume": 0.5}]])
def test_what_is_not_a_settings_object_is_moved_aside(top: Any) -> None:
    written(top)
    settings, message = load_settings()
    assert settings == Settings() and message is not None and "not a settings file" in message
    assert not settings_path().exists() and list(settings_path().parent.glob("settings.json.broken-*"))


def test_a_newer_file_is_moved_aside_whole() -> None:
    written({"version": 99, "volume": 0.2})
    settings, message = load_settings()
    assert settings == Settings() and message is not None and "newer version" in message


def test_settings_refuse_what_is_no_setting() -> None:
    with pytest.raises(TypeError):
        Settings(volme=0.2)
    settings = Settings()
    with pytest.raises(AttributeError):
        settings.volme = 0.2  # type: ignore[attr-defined]
    with pytest.raises(KeyError):
        settings.get("volme")


def test_every_setting_has_what_the_screen_and_readme_need() -> None:
    keys = [s.key for s in SCHEMA]
    assert len(keys) == len(set(keys))
    for setting in SCHEMA:
        setting.parse(setting.to_file(setting.default) if setting.kind != "size" else list(setting.default))
        if setting.control:
            assert setting.label and setting.doc, setting.key
            if setting.control in ("buttons", "cycle"):
                assert setting.default in setting.values, setting.key
                assert all(setting.word(v) for v in setting.values), setting.key


# README -----------------------------------------------------------------------------


def settings_doc() -> Any:
    spec = importlib.util.spec_from_file_location("matador_settings_doc", ROOT / "tools" / "settings_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_lists_the_schema() -> None:
    """README's list is the one tools/settings_doc.py writes from the schema (run it after a change)."""
    doc = settings_doc()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert doc.rewritten(readme) == readme
    for setting in SCHEMA:
        if setting.control:
            assert f"**{setting.label}**" in readme, setting.key
    assert "**Never colour alone** (always on" in readme


# A setting added is one entry ------------------------------------------------------------


@pytest.fixture
def confirm_leave() -> Iterator[Setting[bool]]:
    setting = Setting(False, "bool", label=N_("Confirm before leaving a match"), help=N_("ask first"),
                      choices=ON_OFF, doc="Ask before a match in play is left.")
    remove = register("confirm_leave", setting)
    yield setting
    remove()
    assert by_key("confirm_leave") is None and not hasattr(Settings, "confirm_leave")


def test_a_registered_setting_is_kept_in_the_file_and_in_readme(confirm_leave: Setting[bool]) -> None:
    settings = Settings()
    assert settings.get("confirm_leave") is False
    settings.confirm_leave = True  # type: ignore[attr-defined]
    save_settings(settings)
    assert json.loads(settings_path().read_text())["confirm_leave"] is True
    again, message = load_settings()
    assert message is None and again.get("confirm_leave") is True
    written({**again.to_json(), "confirm_leave": "yes"})
    assert load_settings()[0].get("confirm_leave") is False  # a bad value: the default
    assert "- **Confirm before leaving a match** — Ask before a match in play is left." in settings_doc().block()
