"""A seeded monkey for the whole game: random but plausible input through every
screen of the real app, in this process, headless.

    python tools/monkey.py --seed S --seconds N [--log events.jsonl] [--home DIR]
    python tools/monkey.py --seed S --seconds N --frame-rate 270   # N s of game time, 270 frames each
    python tools/monkey.py --replay events.jsonl

The app is put together as ``python -m game play`` does it (settings, tile art,
the computer players' worker process, the autosave, the routes), on SDL's dummy
video driver, and driven frame by frame through ``App.step``. Each frame gets a
few events drawn from one ``random.Random(seed)``: mouse moves, clicks (often
on a button the screen shows), drags, right clicks, the wheel, keys (the
table's, the menus', F11), typed text, window resizes down to 200x150 (the
app keeps its least size), focus coming and going, and a stand-in controller
plugged in, pressed, pushed and pulled out. Now and then it follows a route
(the title, a past match's review, a lesson, a match against computers of
every level, another text size, another language...) so that every screen is
seen. ``python -m game bench soak`` runs it for half an hour in one process.

Every frame's events, time step and route are written to the event log (JSON
lines), so a failure replays with ``--replay``: the same input at the same
frames. The computer players think in a worker against the clock, so their
moves may come a frame later or differ in a replay; ``--thinker thread``
narrows that.
The resident memory is sampled every few seconds. At the end the user files
are read back (each must load without a message), the app is closed, and no
worker process may be left. Any exception, any error logged, and any
exception in another thread fails the run: exit status 1 and a one-line
reason; 0 otherwise. A JSON summary goes to stdout.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import random
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Callable, Iterator

# the monkey opens Join a table and Host a table: their finder and their host stay on loopback
os.environ.setdefault("MATADOR_LOOPBACK_ONLY", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PER_FRAME = (0, 1, 1, 2, 3)  # events a frame, drawn at random
ROUTE_EVERY_S = 9.0  # about this often, a route to a screen the monkey may not find by itself
RSS_EVERY_S = 3.0
MIN_SIZE = (200, 150)
BIG_SIZE = (3840, 2160)  # --big: the largest window asked for
LARGE_PIXELS = 2560 * 1440  # a window with more pixels than this is "above 2560x1440" (the soak's figures)


# Memory and processes ----------------------------------------------------------------
def rss_mb(pid: int | str = "self") -> float | None:
    """Resident memory of a process in MB (Linux: /proc; elsewhere: the peak, or None)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    if pid == "self":
        try:
            import resource

            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)
        except Exception:
            return None
    return None


def statm_mb() -> float:
    """Resident memory in MB from /proc/self/statm (cheap enough for every frame; 0 where there is none)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * PAGE / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        return 0.0


PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def children(pid: int | None = None, tracker: bool = False) -> list[int]:
    """Live processes whose parent is ``pid`` (this one by default); Linux only.
    The multiprocessing resource tracker is left out unless ``tracker``: it
    belongs to this interpreter and ends with it (``check_exit`` sees to that)."""
    parent = pid or os.getpid()
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == parent:
            if not tracker and "resource_tracker" in cmdline(int(entry)):
                continue
            found.append(int(entry))
    return found


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


# Events ----------------------------------------------------------------------------------
def _keys() -> list[int]:
    import pygame

    return [
        pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_TAB,
        pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE,
        pygame.K_h, pygame.K_l, pygame.K_s, pygame.K_d, pygame.K_p, pygame.K_r, pygame.K_n,
        pygame.K_z, pygame.K_y, pygame.K_a, pygame.K_1, pygame.K_F11,
    ]


def encode(event: Any) -> dict[str, Any]:
    """An event as JSON: its type (number and name, for a reader) and attributes."""
    import pygame

    out: dict[str, Any] = {"t": event.type, "type": pygame.event.event_name(event.type)}
    for key, value in event.dict.items():
        if key != "window":
            out[key] = list(value) if isinstance(value, tuple) else value
    return out


def decode(data: dict[str, Any]) -> Any:
    import pygame

    attrs: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k not in ("t", "type")}
    return pygame.event.Event(int(data["t"]), **attrs)


class Monkey:
    """Makes each frame's events from its seed, knowing the screen in front."""

    def __init__(self, seed: int, only_resize: bool = False, big: bool = False):
        self.rng = random.Random(seed)
        self.only_resize = only_resize  # every frame a new window size, nothing else (a memory test)
        self.big = big  # sizes up to 3840x2160, very wide and very short ones, full screen often
        self.pointer = (100, 100)
        self.pads: list[int] = []  # device indexes plugged in
        self.next_pad = 0
        self.keys = _keys()

    def frame(self, app: Any) -> list[Any]:
        if self.only_resize:
            import pygame

            size = (self.rng.randint(MIN_SIZE[0], 1920), self.rng.randint(MIN_SIZE[1], 1080))
            return [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]
        count = self.rng.choice(PER_FRAME)
        events: list[Any] = []
        for _ in range(count):
            events += self.gesture(app)
        return events

    def _pos(self, app: Any) -> tuple[int, int]:
        w, h = app.size
        return (self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h)))

    def _target(self, app: Any) -> tuple[int, int]:
        """Often a button on screen (so screens are gone through), else anywhere."""
        top = app.top
        gui = getattr(top, "gui", None)
        if gui is not None and self.rng.random() < 0.6:
            rects = [
                sprite.rect
                for sprite in gui.get_sprite_group().sprites()
                if getattr(sprite, "visible", True) and sprite.rect.width > 4 and sprite.rect.height > 4 and sprite.rect.width < app.size[0]
            ]
            if rects:
                rect = self.rng.choice(rects)
                return (rect.centerx, rect.centery)
        return self._pos(app)

    def gesture(self, app: Any) -> list[Any]:
        import pygame

        rng = self.rng
        roll = rng.random()
        if roll < 0.22:  # the mouse wanders
            pos = self._pos(app) if rng.random() < 0.5 else self._target(app)
            rel = (pos[0] - self.pointer[0], pos[1] - self.pointer[1])
            self.pointer = pos
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0))]
        if roll < 0.42:  # a click
            pos = self._target(app)
            self.pointer = pos
            button = rng.choice([1, 1, 1, 1, 3, 2])
            return [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
            ]
        if roll < 0.50:  # a drag (a tile from the hand to the board, say)
            start, end = self._pos(app), self._pos(app)
            out = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
            for i in range(1, 4):
                pos = (start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3)
                out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
            out.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
            self.pointer = end
            return out
        if roll < 0.57:  # the wheel, where the pointer is
            pos = self._pos(app) if rng.random() < 0.5 else self.pointer
            self.pointer = pos
            y = rng.choice([-3, -1, 1, 3])
            return [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)),
            ]
        if roll < 0.82:  # a key
            key = rng.choice(self.keys)
            if key == pygame.K_F11 and rng.random() < (0.3 if self.big else 0.7):
                key = pygame.K_RETURN
            mod = rng.choice([0, 0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_CTRL | pygame.KMOD_SHIFT])
            down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            return [down, pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]
        if roll < 0.86:  # typing
            typed = ["a", "Z", "7", " ", "é", "ß", "€", "日", "ש", "ل", "Ж", "😀", "\u202e", "\u200d", "\u0301"]
            return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(typed))]
        if roll < 0.90:  # the window is resized (the app keeps its least size)
            if self.big:
                size = self.big_size()
            elif rng.random() < 0.3:
                size = (rng.randint(MIN_SIZE[0], 640), rng.randint(MIN_SIZE[1], 480))
            else:
                size = (rng.randint(MIN_SIZE[0], 1920), rng.randint(MIN_SIZE[1], 1080))
            return [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]
        if roll < 0.93:  # focus comes and goes
            kind = rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE, pygame.WINDOWENTER, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED])
            return [pygame.event.Event(kind)]
        return self.pad_gesture()

    def big_size(self) -> tuple[int, int]:
        """A window size for ``big``: anywhere from the least to 3840x2160, often larger
        than 2560x1440, very wide and short, narrow and tall, now and then tiny."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.3:  # above 2560x1440
            return (rng.randint(2560, BIG_SIZE[0]), rng.randint(1440, BIG_SIZE[1]))
        if roll < 0.45:  # very wide and very short
            return (rng.randint(1920, BIG_SIZE[0]), rng.randint(MIN_SIZE[1], 560))
        if roll < 0.55:  # narrow and tall
            return (rng.randint(MIN_SIZE[0], 900), rng.randint(1200, BIG_SIZE[1]))
        if roll < 0.65:  # at or under the least (the app keeps 640x480)
            return (rng.randint(MIN_SIZE[0], 640), rng.randint(MIN_SIZE[1], 480))
        return (rng.randint(640, BIG_SIZE[0]), rng.randint(480, BIG_SIZE[1]))

    def pad_gesture(self) -> list[Any]:
        import pygame

        from game.ui.shell.gamepad import BUTTONS

        rng = self.rng
        if not self.pads or rng.random() < 0.05:
            if len(self.pads) < 2:
                index = self.next_pad
                self.next_pad += 1
                self.pads.append(index)
                return [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index)]
        if rng.random() < 0.03 and self.pads:
            index = self.pads.pop(rng.randrange(len(self.pads)))
            return [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=1000 + index)]
        if not self.pads:
            return []
        instance = 1000 + rng.choice(self.pads)
        if rng.random() < 0.75:
            button = rng.choice(sorted(BUTTONS))
            return [
                pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=button),
                pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=button),
            ]
        axis = rng.choice([pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY, pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT])
        value = rng.choice([-32768, -20000, 0, 0, 20000, 32767])
        return [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=instance, axis=axis, value=value)]


# Routes to every screen ------------------------------------------------------------------
ROUTES = ("title", "new", "continue", "past", "review", "lesson", "rules", "statistics", "settings", "match", "text size", "language")
# --big: a review or Past matches opened in a window of the largest sizes, and full screen
BIG_ROUTES = ROUTES + ("big review", "big past", "big review", "full screen")


def follow_route(app: Any, name: str, rng: random.Random) -> None:
    """Go to a screen the way its button would (logged, so a replay goes too)."""
    routes = app.routes
    if name.startswith("big "):  # the window made one of the largest sizes first
        import pygame

        if app.fullscreen:
            app.toggle_fullscreen()
        size = rng.choice([BIG_SIZE, (rng.randint(2560, BIG_SIZE[0]), rng.randint(1440, BIG_SIZE[1]))])
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        name = name[len("big ") :]
    if name == "full screen":
        app.toggle_fullscreen()
    elif name == "title":
        routes.open_title()
    elif name == "new":
        routes.open_title()
        routes.open_new_game_over_save()
    elif name == "continue":
        routes.open_title()
        routes.continue_match()
    elif name == "past":
        routes.open_title()
        routes.open_past_matches()
    elif name == "review":
        from game.archive.past_matches import list_matches, load

        kept = list_matches()
        match = load(kept[rng.randrange(len(kept))].path)[0] if kept else None
        if match is not None and match.rounds:
            routes.open_review(match, rng.randrange(len(match.rounds)))
    elif name == "lesson":
        routes.open_title()
        routes.open_lessons()
        routes.start_lesson(rng.randrange(2))
    elif name in ("rules", "statistics", "settings"):
        routes.open_side(name)
    elif name == "match":
        from game.engine import Match, PlayerInfo, Rules
        from game.engine.rules import RULE_SETS

        base = rng.choice(sorted(RULE_SETS))
        info = RULE_SETS[base]
        players = rng.randint(info.min_players, info.max_players)
        seats = [PlayerInfo("You", "human", None)] + [
            PlayerInfo(f"Cpu {i}", "computer", rng.choice(["easy", "medium", "hard", "random"])) for i in range(1, players)
        ]
        routes.start_match(Match(Rules.from_base(base, players, {"target_score": rng.choice([None, 50])}), seats, rng.randrange(10_000)))
    elif name == "text size":  # as Settings changes it: every screen laid out again
        from game.profile.settings import TEXT_SCALES
        from game.ui.drawing import access

        settings = app.services["settings"]
        settings.text_scale = rng.choice([s for s in TEXT_SCALES if s != settings.text_scale])
        if access.apply(settings):
            app.follow_access()
    elif name == "language":
        from game.i18n import LANGUAGES, current_language, set_language

        set_language(rng.choice([code for code in sorted(LANGUAGES) if code != current_language()]))
        for scene in list(app.scenes):
            scene.on_resize(app.size)


def screens_open(app: Any) -> dict[str, Any]:
    """The screens on the stack (bottom first), the text size and whether full screen."""
    settings = app.services.get("settings")
    return {"screens": [type(s).__name__ for s in app.scenes], "text": getattr(settings, "text_scale", None), "full": bool(app.fullscreen)}


# The app, as ``python -m game play`` makes it -----------------------------------------------
def make_app(size: tuple[int, int], thinker_mode: str) -> tuple[Any, Any, Any]:
    from game.profile.settings import Settings, load_settings
    from game.ui.shell import flow
    from game.ui.shell.app import App
    from game.ui.shell.audio import Audio
    from game.ui.shell.autosave import Autosaver, tell_write_troubles
    from game.ui.shell.gamepad import PadDevice
    from game.ui.shell.memory import Tidy, return_big_allocations

    if os.environ.get("MONKEY_DEFAULT_MALLOC") is None:
        return_big_allocations()  # as python -m game play does
    from game.play.thinker import Thinker
    from game.ui.drawing.tile_art import TileArt

    try:
        settings, message = load_settings()
    except Exception:
        settings, message = Settings(), None
    settings.animation_speed = "fast"
    settings.computer_speed = "fast"
    app = App(size)
    app.pads.opener = lambda index: PadDevice(1000 + index, "Monkey pad", f"monkey-{index}")
    thinker = Thinker(thinker_mode)
    autosave = Autosaver()
    app.services.update(settings=settings, art=TileArt(), audio=Audio(0.0, False), thinker=thinker, autosave=autosave, first_launch=False)
    routes = flow.install(app)
    routes.load_user_files(message)
    app.on_frame.append(tell_write_troubles)
    if os.environ.get("MONKEY_NO_GC") is None:
        app.on_frame.append(Tidy())
    routes.open_title()
    return app, thinker, autosave


class Trouble(logging.Handler):
    """Errors logged anywhere, and exceptions in other threads, fail the run."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.found: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.found.append(f"logged: {record.name}: {record.getMessage()}")

    def thread_hook(self, args: Any) -> None:
        self.found.append(f"in thread {getattr(args.thread, 'name', '?')}: {args.exc_type.__name__}: {args.exc_value}")


def user_files_load() -> list[str]:
    """Each user file read back as the game reads it: a list of what could not be."""
    from game.archive.past_matches import list_matches, load
    from game.resources import user_config_dir, user_data_dir
    from game.profile.saves import load_match
    from game.profile.settings import load_settings
    from game.profile.stats import load_stats

    problems = [m for m in (load_settings()[1], load_stats()[1], load_match()[1]) if m]
    messages: list[str] = []
    for past in list_matches(messages):
        match, message = load(past.path)
        if match is None:
            problems.append(message or f"{past.path.name} could not be read")
    problems += messages
    for folder in (user_config_dir(), user_data_dir()):
        problems += [f"left over: {p}" for p in folder.rglob("*.broken-*")]
    return problems


def frames_from(log_path: Path) -> Iterator[dict[str, Any]]:
    with open(log_path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line:
                yield json.loads(line)


def run(
    seed: int,
    seconds: float,
    *,
    size: tuple[int, int] = (1280, 800),
    log_path: Path | None = None,
    replay: Path | None = None,
    thinker_mode: str = "process",
    on_sample: Callable[[float, float], None] | None = None,
    only_resize: bool = False,
    freeze: bool = True,
    frame_rate: float | None = None,
    big: bool = False,
    at_end: Callable[[Any], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Run the monkey; its summary (``ok``, ``reason``, ``frames``, ``screens``,
    ``rss_mb`` samples, ``peak_rss_mb``...). With ``big``, the window takes sizes up
    to 3840x2160 (very wide and short ones too), goes full screen often, and reviews
    and Past matches are opened at the largest sizes; the summary then also has
    ``sample_sizes`` (the window's size at each sample) and ``frame_peaks``
    (t, the highest RSS of any frame since the sample before, and the window's
    size at that frame), the memory read after every frame, and ``frame_peak_screens``
    (for each of those frames: the screens open, bottom first, the text size, the
    memory before the frame and the route it followed, if any). ``at_end(app)``, if
    given, is called once the time is up, before the app closes; what it returns
    is the summary's ``at_end``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("MATADOR_NO_CRASH_DIALOG", "1")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    trouble = Trouble()
    logging.getLogger().addHandler(trouble)
    old_hook = threading.excepthook
    threading.excepthook = trouble.thread_hook
    summary: dict[str, Any] = {"seed": seed, "seconds": seconds, "ok": False, "reason": None}
    from game.i18n import current_language, set_language
    from game.ui.drawing import access

    language = current_language()  # the routes change them: given back at the end
    already = set(children())  # this process's own before the app (a test's server, say): not the app's to end
    app, thinker, autosave = make_app(size, thinker_mode)
    monkey = Monkey(seed, only_resize, big)
    routes_to = BIG_ROUTES if big else ROUTES
    sizes: list[tuple[int, int]] = []
    frame_peaks: list[tuple[float, float, int, int]] = []
    interval_peak: tuple[float, int, int] = (0.0, 0, 0)  # MB, width, height
    peak_screens: list[dict[str, Any]] = []  # what was open at each interval's highest frame
    interval_screens: dict[str, Any] = {}
    if only_resize:
        follow_route(app, "match", random.Random(seed))  # the table, resized every frame
    route_rng = random.Random(seed * 7919 + 1)
    screens: dict[str, int] = {}
    samples: list[tuple[float, float]] = []
    log_file = open(log_path, "w", encoding="utf-8") if log_path is not None else None
    replayed = frames_from(replay) if replay is not None else None
    frames_done = [0]
    clock: Callable[[], float] = time.monotonic
    if frame_rate is not None:  # game time: each frame 1/frame_rate s, however fast the machine steps
        clock = lambda: frames_done[0] / frame_rate  # noqa: E731
    started = clock()
    real_start = time.monotonic()
    next_sample = 0.0
    next_route = ROUTE_EVERY_S
    frame = 0
    quits = 0
    last = clock()
    try:
        while True:
            now = clock() - started
            if replayed is None and now >= seconds:
                break
            if now >= next_sample:
                rss = rss_mb()
                if rss is not None:
                    samples.append((round(now, 1), round(rss, 1)))
                    if big:
                        sizes.append(app.size)
                        frame_peaks.append((round(now, 1), round(max(rss, interval_peak[0]), 1), *(interval_peak[1:] if interval_peak[0] > rss else app.size)))
                        peak_screens.append(interval_screens if interval_peak[0] > rss else screens_open(app))
                        interval_peak, interval_screens = (0.0, 0, 0), {}
                    if on_sample is not None:
                        on_sample(now, rss)
                next_sample += RSS_EVERY_S
            route: str | None = None
            if replayed is not None:
                try:
                    record = next(replayed)
                except StopIteration:
                    break
                dt = float(record["dt"])
                events = [decode(e) for e in record["events"]]
                route = record.get("route")
            else:
                tick = clock()
                dt = min(0.1, tick - last)
                last = tick
                if now >= next_route and not only_resize:
                    next_route += ROUTE_EVERY_S * (0.5 + route_rng.random())
                    route = route_rng.choice(routes_to)
                events = monkey.frame(app)
            if log_file is not None:
                entry: dict[str, Any] = {"frame": frame, "dt": round(dt, 5), "events": [encode(e) for e in events]}
                if route is not None:
                    entry["route"] = route
                log_file.write(json.dumps(entry) + "\n")
            if route is not None:
                follow_route(app, route, random.Random(f"{seed}/{frame}"))  # the same in a replay
            queued = pygame.event.get()  # pygame_gui's own, as the real loop gets them
            if any(e.type == pygame.QUIT for e in queued):  # SDL's word for SIGTERM or SIGINT from outside
                summary["stopped"] = "by a signal"
                break
            events += queued
            before_mb = statm_mb() if big else 0.0
            app.step(events, dt)
            if big:
                now_mb = statm_mb()
                if now_mb > interval_peak[0]:
                    interval_peak = (now_mb, *app.size)
                    interval_screens = {**screens_open(app), "before_mb": round(before_mb, 1), "route": route}
            if frame == 3 and freeze:
                gc.freeze()  # as App.run does: what the start made lives as long as the game
            if not app.running or not app.scenes:  # Quit on the title: start again
                quits += 1
                app.running = True
                app.routes.open_title()
            top = type(app.top).__name__ if app.top is not None else "none"
            screens[top] = screens.get(top, 0) + 1
            frame += 1
            frames_done[0] = frame
            if trouble.found:
                raise RuntimeError(trouble.found[0])
    except Exception as exc:
        summary["reason"] = f"frame {frame}: {type(exc).__name__}: {exc}"
        summary["traceback"] = traceback.format_exc()
    finally:
        if log_file is not None:
            log_file.close()
    if at_end is not None and summary["reason"] is None:
        try:
            summary["at_end"] = at_end(app)
        except Exception as exc:
            summary["reason"] = f"at the end: {type(exc).__name__}: {exc}"
            summary["traceback"] = traceback.format_exc()
    summary["frames"] = frame
    summary["frames_per_s"] = round(frame / max(1e-6, time.monotonic() - real_start), 1)
    summary["quits"] = quits
    summary["screens"] = dict(sorted(screens.items()))
    summary["saves_written"] = autosave.writes
    try:
        autosave.flush()
        app.close()
        thinker.shutdown()
        autosave.close()
    except Exception as exc:
        summary["reason"] = summary["reason"] or f"closing: {type(exc).__name__}: {exc}"
    deadline = time.monotonic() + 5.0
    while set(children()) - already and time.monotonic() < deadline:
        time.sleep(0.1)
    summary["processes_left"] = sorted(set(children()) - already)
    summary["file_problems"] = user_files_load()
    rss = rss_mb()
    if rss is not None:
        samples.append((round(clock() - started + 0.1, 1), round(rss, 1)))
    summary["rss_mb"] = samples
    if big:
        summary["sample_sizes"] = sizes
        summary["frame_peaks"] = frame_peaks
        summary["frame_peak_screens"] = peak_screens
    summary["peak_rss_mb"] = max((s[1] for s in samples), default=None)
    summary["trouble"] = trouble.found
    if summary["reason"] is None and trouble.found:
        summary["reason"] = trouble.found[0]
    if summary["reason"] is None and summary["processes_left"]:
        summary["reason"] = f"processes left after closing: {summary['processes_left']}"
    if summary["reason"] is None and summary["file_problems"]:
        summary["reason"] = f"a user file does not load: {summary['file_problems'][0]}"
    summary["ok"] = summary["reason"] is None
    logging.getLogger().removeHandler(trouble)
    threading.excepthook = old_hook
    set_language(language)
    access.reset()
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="monkey", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--size", default="1280x800", help="the window's first size, WIDTHxHEIGHT")
    parser.add_argument("--log", type=Path, help="write every frame's events here (JSON lines)")
    parser.add_argument("--replay", type=Path, help="replay an event log instead of making events")
    parser.add_argument("--home", type=Path, help="the user files' folder (default: a new temporary one)")
    parser.add_argument("--thinker", choices=("process", "thread"), default="process")
    parser.add_argument("--only-resize", action="store_true", help="the table, resized every frame (a memory test)")
    parser.add_argument("--big", action="store_true", help="sizes up to 3840x2160, very wide and short, full screen; reviews at the largest sizes")
    parser.add_argument(
        "--frame-rate",
        type=float,
        help="step game time by 1/RATE s a frame instead of the real time (--seconds is then game time): "
        "a loaded machine sees as many frames as a quiet one",
    )
    args = parser.parse_args(argv)
    home = args.home or Path(tempfile.mkdtemp(prefix="matador-monkey-"))
    os.environ["MATADOR_HOME"] = str(home)
    width, height = (int(x) for x in args.size.lower().split("x"))
    summary = run(
        args.seed, args.seconds, size=(width, height), log_path=args.log, replay=args.replay, thinker_mode=args.thinker, only_resize=args.only_resize,
        frame_rate=args.frame_rate, big=args.big,
    )
    summary["home"] = str(home)
    print(json.dumps({k: v for k, v in summary.items() if k != "traceback"}))
    if not summary["ok"]:
        if summary.get("traceback"):
            print(summary["traceback"], file=sys.stderr)
        print(f"monkey: seed {args.seed}: {summary['reason']}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
