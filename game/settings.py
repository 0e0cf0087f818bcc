"""The player's settings: sound, speeds, hints, window, and the last game setup."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES, N_
from game.resources import user_config_dir
from game.storage import Loaded, UnreadableFile, load_json, save_json

VERSION = 1
SPEEDS = ("slow", "normal", "fast")
SPEED_FACTOR = {"slow": 0.6, "normal": 1.0, "fast": 2.0}
TEXT_SCALES = (100, 125, 150)  # text and table size, in percent


@dataclass
class Settings:
    volume: float = 0.8
    sound: bool = True
    animation_speed: str = "normal"
    computer_speed: str = "normal"
    hints: bool = True
    show_knowledge: bool = False  # the table's panel of what each seat is known to lack
    lessons_offered: bool = False  # the title has offered Learn to play once (the first launch)
    fullscreen: bool = False
    # accessibility (game.ui.access): text and table size, high-contrast tiles, reduced motion
    text_scale: int = 100
    high_contrast: bool = False
    reduce_motion: bool = False
    window_size: tuple[int, int] = (1280, 800)
    language: str = ""  # a code of game.i18n.LANGUAGES, or "" to follow the system
    last_setup: dict[str, Any] = field(default_factory=dict)
    # Play with friends: the name given at tables, the last address joined, the last
    # table hosted (its setup, and whether it was visible on the local network);
    # each key is checked where it is read (game/ui/scenes/friends/model.py)
    network: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["version"] = VERSION
        return data

    @staticmethod
    def from_json(data: Any) -> Settings:
        """Settings from a file's content: unknown keys ignored, bad values defaulted."""
        if not isinstance(data, dict):
            raise UnreadableFile(N_("it is not a settings file"))
        version = data.get("version", VERSION)
        if not isinstance(version, int) or version > VERSION:
            raise UnreadableFile(N_("it was written by a newer version of Matador"))
        settings = Settings()
        checks = {
            "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
            "sound": lambda v: isinstance(v, bool),
            "animation_speed": lambda v: v in SPEEDS,
            "computer_speed": lambda v: v in SPEEDS,
            "hints": lambda v: isinstance(v, bool),
            "show_knowledge": lambda v: isinstance(v, bool),
            "lessons_offered": lambda v: isinstance(v, bool),
            "fullscreen": lambda v: isinstance(v, bool),
            "text_scale": lambda v: isinstance(v, int) and not isinstance(v, bool) and v in TEXT_SCALES,
            "high_contrast": lambda v: isinstance(v, bool),
            "reduce_motion": lambda v: isinstance(v, bool),
            "window_size": lambda v: isinstance(v, list)
            and len(v) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and 320 <= x <= 10000 for x in v),
            "last_setup": lambda v: isinstance(v, dict),
            "network": lambda v: isinstance(v, dict),
            "language": lambda v: v == "" or v in LANGUAGES,
        }
        for f in fields(Settings):
            if f.name in data and checks[f.name](data[f.name]):  # type: ignore[no-untyped-call,unused-ignore]
                value = data[f.name]
                setattr(settings, f.name, tuple(value) if f.name == "window_size" else value)
        return settings


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
