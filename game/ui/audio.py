"""The game's sound effects, played through pygame's mixer.

Sound is a nicety: when there is no audio device, the mixer fails to start or a
file is missing, ``Audio`` logs the problem once and stays silent; it never
raises.
"""

from __future__ import annotations

import logging

import pygame

from game.resources import asset_path

log = logging.getLogger(__name__)

SOUND_NAMES = ("lay", "draw", "pass", "refused", "crosswise", "round_won", "match_won", "button")


class Audio:
    """Plays the game's sounds; silent when the mixer is unavailable (no audio device)."""

    def __init__(self, volume: float = 0.8, enabled: bool = True) -> None:
        self._volume = _clamp(volume)
        self._enabled = bool(enabled)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._reported: set[str] = set()
        self._available = self._start_mixer()

    def _report(self, key: str, message: str, *args: object) -> None:
        """Log a problem the first time it happens only."""
        if key not in self._reported:
            self._reported.add(key)
            log.warning(message, *args)

    def _start_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            return bool(pygame.mixer.get_init())
        except Exception as exc:  # no device, no mixer module, SDL errors...
            self._report("mixer", "sound is off: the audio mixer could not start (%s)", exc)
            return False

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound: pygame.mixer.Sound | None = None
        if name not in SOUND_NAMES:
            self._report(f"name:{name}", "no such sound %r", name)
        else:
            try:
                sound = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            except Exception as exc:
                self._report(f"load:{name}", "cannot load sound %r (%s); it stays silent", name, exc)
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play one of ``SOUND_NAMES`` (nothing happens when sound is off or unavailable)."""
        if not (self._enabled and self._available and self._volume > 0.0):
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self._volume)
            sound.play()
        except Exception as exc:
            self._report(f"play:{name}", "cannot play sound %r (%s)", name, exc)

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0.0 (mute) .. 1.0 (full); values outside are clamped."""
        self._volume = _clamp(volume)

    @property
    def volume(self) -> float:
        return self._volume

    def set_enabled(self, enabled: bool) -> None:
        """Turn sound on or off; turning it off stops what is playing."""
        self._enabled = bool(enabled)
        if not self._enabled:
            for sound in self._sounds.values():
                if sound is not None:
                    try:
                        sound.stop()
                    except Exception:
                        pass

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def available(self) -> bool:
        """Whether sounds can be heard at all (the mixer started)."""
        return self._available


def _clamp(volume: float) -> float:
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    if value != value:  # NaN
        return 0.0
    return min(1.0, max(0.0, value))
