"""The game's sound effects, played through pygame's mixer.

Sound is a nicety: when there is no audio device, the mixer fails to start or a
file is missing, ``Audio`` logs the problem once and stays silent; it never
raises. Nor does it talk on the terminal: without a sound card, ALSA writes some
eight lines of complaints on stderr each time SDL tries to open sound (at
``pygame.init`` and at the mixer's start); ``quiet_sound_start`` holds back what
the C libraries write on the process's stderr meanwhile, puts ALSA's lines in
the log and passes anything else on.
"""

from __future__ import annotations

import logging
import os
import sys
from contextlib import contextmanager
from typing import Iterator

import pygame

from game.resources import asset_path

log = logging.getLogger(__name__)

SOUND_NAMES = ("lay", "draw", "pass", "refused", "crosswise", "round_won", "match_won", "button")
HUSHED = (b"ALSA lib ",)  # the lines of the sound libraries kept off the terminal (into the log)
HELD_LIMIT = 1 << 20  # bytes of stderr read back at most
_LOGGED: set[str] = set()  # what the sound libraries said, as logged already


@contextmanager
def quiet_sound_start() -> Iterator[None]:
    """While SDL opens sound (``pygame.init``, the mixer's start): what is written on
    the process's stderr (its file descriptor 2, where C libraries write) is held
    in an unnamed file; afterwards ALSA's lines go to the log and anything else is
    written on stderr as it was. Outside Linux (no ALSA), or where stderr cannot be
    taken over, nothing is held."""
    held = _hold_stderr() if sys.platform.startswith("linux") else None
    if held is None:
        yield
        return
    saved, hold = held
    try:
        yield
    finally:
        _flush_stderr()
        os.dup2(saved, 2)
        os.close(saved)
        written = _read_back(hold)
        hushed = [line for line in written.splitlines(keepends=True) if line.startswith(HUSHED)]
        passed = b"".join(line for line in written.splitlines(keepends=True) if not line.startswith(HUSHED))
        said = b" | ".join(line.strip() for line in hushed[:12]).decode("utf-8", "replace")
        if hushed and said not in _LOGGED:  # the same complaints again (the mixer after pygame.init): logged once
            _LOGGED.add(said)
            log.info("the sound libraries said, while sound started (%d lines): %s", len(hushed), said)
        if passed:
            try:
                os.write(2, passed)
            except OSError:
                pass


def _flush_stderr() -> None:
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _hold_stderr() -> tuple[int, int] | None:
    """(a copy of the real stderr, the file that holds what is written now), fd 2 pointing
    at the latter; None if that cannot be done."""
    _flush_stderr()
    try:
        saved = os.dup(2)
    except OSError:
        return None
    folder = os.environ.get("TMPDIR") or "/tmp"
    hold = -1
    try:
        hold = os.open(folder, os.O_TMPFILE | os.O_RDWR, 0o600)
    except (OSError, AttributeError):
        name = os.path.join(folder, f"matador-stderr-{os.getpid()}-{id(saved)}")
        try:
            hold = os.open(name, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            os.unlink(name)
        except OSError:
            if hold >= 0:
                os.close(hold)
            os.close(saved)
            return None
    try:
        os.dup2(hold, 2)
    except OSError:
        os.close(hold)
        os.close(saved)
        return None
    return saved, hold


def _read_back(hold: int) -> bytes:
    try:
        os.lseek(hold, 0, os.SEEK_SET)
        chunks: list[bytes] = []
        size = 0
        while size < HELD_LIMIT:
            chunk = os.read(hold, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError:
        return b""
    finally:
        os.close(hold)


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
                with quiet_sound_start():
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
