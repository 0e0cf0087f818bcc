"""The player's settings: one declarative schema, and the file that keeps them.

Each setting is one ``Setting`` entry, declared on the ``Settings`` class: its
key (the attribute's name), default, kind and the values it may take (choices
or a range), the words the Settings screen shows (label, help line, how each
value is worded, the control), its group, what a change does at once
(``effect``, carried out by the Settings screen) and a line for README. The
settings file, its validation, the Settings screen (``game.ui.scenes.settings_screen``)
and README's list of settings (``python tools/settings_doc.py``) all come from
the schema; a setting added there appears in each.

Reading the file is forgiving one setting at a time: a value of the wrong type,
out of its range or unknown falls back to that setting's default (logged), and
the rest is kept. Only a file that is not a settings file at all (not JSON, not
an object, of a newer version) is moved aside (``game.storage``).
"""

from __future__ import annotations

import copy
import json
import logging
import math
from pathlib import Path
from typing import Any, Callable, Generic, Sequence, TypeVar, overload

from game.i18n import LANGUAGES, N_, _, system_language
from game.resources import user_config_dir
from game.storage import Loaded, UnreadableFile, load_json, save_json

log = logging.getLogger(__name__)

VERSION = 1
SPEEDS = ("slow", "normal", "fast")
SPEED_FACTOR = {"slow": 0.6, "normal": 1.0, "fast": 2.0}
TEXT_SCALES = (100, 125, 150)  # text and table size, in percent
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 768), (1280, 800), (1600, 900), (1920, 1080))
KINDS = ("bool", "choice", "number", "size", "data")
CONTROLS = ("buttons", "slider", "cycle", "")  # "": kept in the file, not on the Settings screen
EFFECTS = ("", "audio", "access", "fullscreen", "language", "window")  # see SettingsScene.apply
GROUPS = ("accessibility", "play", "sound", "window", "language", "kept")  # README's order

T = TypeVar("T")
Choices = tuple[tuple[Any, str], ...]  # (value, its word: marked with N_ unless the setting's words are literal)
ON_OFF: Choices = ((True, N_("On")), (False, N_("Off")))
SPEED_WORDS: Choices = (("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")))


class Invalid(ValueError):
    """A value a setting cannot take (the file's value is then left for the default)."""


def language_word(code: object) -> str:
    """A language named in itself; "" (follow the system) in the player's language."""
    if isinstance(code, str) and code:
        return LANGUAGES.get(code, code)
    return _("System: {language}").format(language=LANGUAGES[system_language()])


def percent_word(value: object) -> str:
    return f"{round(float(value) * 100)}%" if isinstance(value, (int, float)) else str(value)


class Setting(Generic[T]):
    """One setting of the schema (a descriptor: ``settings.volume`` reads its value)."""

    def __init__(
        self,
        default: T,
        kind: str,
        *,
        label: str = "",
        help: str = "",
        group: str = "play",
        choices: Choices = (),
        literal: bool = False,
        low: float = 0.0,
        high: float = 0.0,
        step: float = 0.0,
        control: str = "buttons",
        effect: str = "",
        wording: Callable[[Any], str] | None = None,
        doc: str = "",
    ) -> None:
        assert kind in KINDS and control in CONTROLS and effect in EFFECTS and group in GROUPS, (kind, control, effect, group)
        assert not label or control, "a setting on the screen has a control"
        self.key = ""  # its attribute's name (set when declared or registered)
        self.default = default
        self.kind = kind
        self.label = label  # N_: the row's words ("" for a setting kept but not shown)
        self.help = help  # N_: the line under the label ("" for none)
        self.group = group
        self.choices = choices
        self.literal = literal  # the choices' words are not translated ("125%", "1280×800")
        self.low, self.high, self.step = low, high, step
        self.control = control if label else ""
        self.effect = effect
        self.wording = wording
        self.doc = doc  # README's words (English)

    # The descriptor ------------------------------------------------------------------
    def __set_name__(self, owner: type, name: str) -> None:
        self.key = name
        if all(s.key != name for s in SCHEMA):
            SCHEMA.append(self)

    @overload
    def __get__(self, obj: None, owner: type) -> Setting[T]: ...

    @overload
    def __get__(self, obj: Settings, owner: type) -> T: ...

    def __get__(self, obj: Settings | None, owner: type) -> Setting[T] | T:
        if obj is None:
            return self
        values = obj.__dict__["_values"]
        if self.key not in values:  # registered after ``obj`` was made
            values[self.key] = self.fresh()
        found: T = values[self.key]
        return found

    def __set__(self, obj: Settings, value: T) -> None:
        obj.__dict__["_values"][self.key] = value

    # Values ----------------------------------------------------------------------------
    def fresh(self) -> T:
        """The default, a copy of its own (dictionaries are changed in place)."""
        return copy.deepcopy(self.default)

    @property
    def values(self) -> list[Any]:
        """The values the Settings screen offers (the choices' values)."""
        return [value for value, _word in self.choices]

    def parse(self, raw: Any) -> T:
        """``raw`` (as read from the file) as this setting's value; ``Invalid`` if it cannot be."""
        kind = self.kind
        if kind == "bool":
            if type(raw) is not bool:
                raise Invalid("not true or false")
            return raw  # type: ignore[return-value]
        if kind == "choice":
            if type(raw) is not type(self.default) or raw not in self.values:
                raise Invalid("not one of " + ", ".join(repr(v) for v in self.values))
            found: T = raw
            return found
        if kind == "number":
            if type(raw) not in (int, float) or not math.isfinite(raw) or not self.low <= raw <= self.high:
                raise Invalid(f"not a number from {self.low:g} to {self.high:g}")
            number: T = float(raw) if isinstance(self.default, float) else raw  # type: ignore[assignment]
            return number
        if kind == "size":
            if (
                not isinstance(raw, list)
                or len(raw) != 2
                or not all(type(x) is int and self.low <= x <= self.high for x in raw)
            ):
                raise Invalid(f"not two whole numbers from {self.low:g} to {self.high:g}")
            return (raw[0], raw[1])  # type: ignore[return-value]
        if not isinstance(raw, dict):  # "data": checked key by key where it is read
            raise Invalid("not an object")
        return raw  # type: ignore[return-value]

    def to_file(self, value: Any) -> Any:
        return list(value) if self.kind == "size" else copy.deepcopy(value)

    def word(self, value: Any) -> str:
        """``value`` in the player's words, as the Settings screen shows it."""
        if self.wording is not None:
            return self.wording(value)
        for choice, word in self.choices:
            if type(choice) is type(value) and choice == value:
                return word if self.literal else _(word)
        return str(value)


SCHEMA: list[Setting[Any]] = []  # every setting, in the Settings screen's order (filled as declared)


class Settings:
    """The values of every setting in ``SCHEMA`` (``Settings(volume=0.4)`` for some
    other than the defaults). The entries below are the schema."""

    # -- sound
    sound = Setting(True, "bool", label=N_("Sound"), group="sound", choices=ON_OFF, effect="audio",
                    doc="Sound effects on or off.")
    volume = Setting(0.8, "number", label=N_("Volume"), group="sound", low=0.0, high=1.0, step=0.05,
                     control="slider", effect="audio", wording=percent_word,
                     doc="0 to 100% (the keys and a controller move it in steps of 5).")
    # -- play
    animation_speed = Setting("normal", "choice", label=N_("Animations"), choices=SPEED_WORDS,
                              doc="How fast tiles glide: slow, normal or fast.")
    computer_speed = Setting("normal", "choice", label=N_("Computer players"), choices=SPEED_WORDS,
                             doc="How long a computer player seems to think: slow, normal or fast.")
    hints = Setting(True, "bool", label=N_("Hints"), help=N_("show where tiles fit"), choices=ON_OFF,
                    doc="On or off: the places where the tile you hold fits are outlined.")
    show_knowledge = Setting(False, "bool", label=N_("Table knowledge"), help=N_("show what the table knows"),
                             choices=ON_OFF, doc="On or off: a side panel of what each seat is known to lack.")
    # -- accessibility (game.ui.drawing.access)
    text_scale = Setting(100, "choice", label=N_("Text size"), help=N_("text and table"), group="accessibility",
                         choices=tuple((s, f"{s}%") for s in TEXT_SCALES), literal=True, effect="access",
                         doc="100%, 125% or 150%: the words, the buttons that hold them and the tiles (in the hand "
                         "and on the table) grow, and every screen is laid out again (it scrolls where its content "
                         "no longer fits). It applies in full at 1280x800 and larger; a smaller window gets as much "
                         "of it as it has room for.")
    high_contrast = Setting(False, "bool", label=N_("High contrast"), help=N_("black pips, dark edges"),
                            group="accessibility", choices=ON_OFF, effect="access",
                            doc="Tiles become pure white with black pips and a dark outline, and the outlines round "
                            "the places are thicker, with a dark edge.")
    reduce_motion = Setting(False, "bool", label=N_("Reduce motion"), help=N_("no glides"), group="accessibility",
                            choices=ON_OFF, effect="access",
                            doc="Nothing glides or eases to a new size: a tile laid, drawn or played by a computer "
                            "is at once where it goes.")
    # -- the window
    fullscreen = Setting(False, "bool", label=N_("Full screen"), help=N_("also F11"), group="window",
                         choices=ON_OFF, effect="fullscreen", doc="On or off (also F11).")
    window_size = Setting((1280, 800), "size", label=N_("Window size"), group="window", low=320, high=10000,
                          choices=tuple((s, f"{s[0]}×{s[1]}") for s in WINDOW_SIZES), literal=True, effect="window",
                          doc="1024x768, 1280x800, 1600x900 or 1920x1080: the window's size now and at the next start.")
    # -- the language: a code of game.i18n.LANGUAGES, or "" to follow the system
    language = Setting("", "choice", label=N_("Language"), group="language", control="cycle", effect="language",
                       choices=tuple((code, "") for code in ("", *LANGUAGES)), wording=language_word,
                       doc="Your system's, or one of the five, each named in itself (see Languages below).")
    # -- kept in the file, not shown: the title has offered Learn to play once (the first
    # launch); the last game setup; Play with friends' name, last address and last table
    # (each key of those is checked where it is read: game/ui/scenes/friends/friends_model.py)
    lessons_offered = Setting(False, "bool", group="kept")
    last_setup: Setting[dict[str, Any]] = Setting({}, "data", group="kept")
    network: Setting[dict[str, Any]] = Setting({}, "data", group="kept")

    def __init__(self, **values: Any) -> None:
        self.__dict__["_values"] = {s.key: s.fresh() for s in SCHEMA}
        for key, value in values.items():
            if by_key(key) is None:
                raise TypeError(f"Settings has no setting {key!r}")
            setattr(self, key, value)

    def __setattr__(self, name: str, value: Any) -> None:
        if by_key(name) is None:
            raise AttributeError(f"Settings has no setting {name!r}")
        super().__setattr__(name, value)

    def get(self, key: str) -> Any:
        """The value of setting ``key`` (one registered later too: ``register``)."""
        if by_key(key) is None:
            raise KeyError(key)
        return getattr(self, key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settings) and all(self.get(s.key) == other.get(s.key) for s in SCHEMA)

    __hash__ = None  # type: ignore[assignment]  # changed in place

    def __repr__(self) -> str:
        return "Settings(" + ", ".join(f"{s.key}={self.get(s.key)!r}" for s in SCHEMA) + ")"

    def to_json(self) -> dict[str, Any]:
        data = {s.key: s.to_file(self.get(s.key)) for s in SCHEMA}
        data["version"] = VERSION
        return data

    @staticmethod
    def from_json(data: Any) -> Settings:
        """Settings from a file's content: each value checked by its setting; a bad
        or unknown one is logged and left (its default stands), the rest kept."""
        if not isinstance(data, dict):
            raise UnreadableFile(N_("it is not a settings file"))
        version = data.get("version", VERSION)
        if type(version) is int and version > VERSION:
            raise UnreadableFile(N_("it was written by a newer version of Matador"))
        if type(version) is not int or version < 1:
            log.warning("settings: version %.40r is not one; read as version %d", version, VERSION)
        settings = Settings()
        for key, raw in data.items():
            setting = by_key(key) if isinstance(key, str) else None
            if key == "version":
                continue
            if setting is None:
                log.warning("settings: unknown setting %.60r ignored", key)
                continue
            try:
                setattr(settings, setting.key, setting.parse(raw))
            except Invalid as why:
                log.warning("settings: %s = %.60r is %s; the default %r is used", key, raw, why, setting.default)
        return settings


def by_key(key: str) -> Setting[Any] | None:
    return next((s for s in SCHEMA if s.key == key), None)


def shown() -> list[Setting[Any]]:
    """The settings on the Settings screen, in its order."""
    return [s for s in SCHEMA if s.control]


def register(key: str, setting: Setting[Any]) -> Callable[[], None]:
    """Add ``setting`` to the schema as ``key`` (after those declared); returns what
    takes it out again. For a setting a plug-in or a test adds at run time; the
    game's own are declared on ``Settings``."""
    if by_key(key) is not None or hasattr(Settings, key):
        raise ValueError(f"there is a setting {key!r} already")
    setattr(Settings, key, setting)
    setting.__set_name__(Settings, key)

    def remove() -> None:
        if setting in SCHEMA:
            SCHEMA.remove(setting)
        if Settings.__dict__.get(key) is setting:
            delattr(Settings, key)

    return remove


def groups() -> Sequence[tuple[str, list[Setting[Any]]]]:
    """The settings by group, in README's order."""
    return [(g, [s for s in SCHEMA if s.group == g]) for g in GROUPS if any(s.group == g for s in SCHEMA)]


def settings_path() -> Path:
    return user_config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a message if the file was unreadable."""
    loaded: Loaded = load_json(settings_path(), "settings", Settings.from_json)
    return (loaded.data if loaded.data is not None else Settings()), loaded.message


def saved_language() -> str:
    """The language chosen in the settings file ("" if none), read without moving a
    broken file aside (``load_settings`` does that, and says so)."""
    try:
        with open(settings_path(), encoding="utf-8") as handle:
            data = json.loads(handle.read(1 << 20))
        value = data.get("language", "") if isinstance(data, dict) else ""
        return value if isinstance(value, str) and value in LANGUAGES else ""
    except Exception:  # missing, unreadable or not JSON: no choice
        return ""


def save_settings(settings: Settings) -> None:
    save_json(settings_path(), settings.to_json())
