#!/usr/bin/env bash
# Builds the desktop app with PyInstaller and checks the result: every asset in
# the bundle, `--version` and `--help`, a headless smoke test, what is particular
# to this system (Windows manifest and version resource, macOS Info.plist, Linux
# desktop files), SDL shipped once, and the size budget (30 MB on Windows, 32 MB on
# Linux, 40 MB on macOS) (packaging/check_bundle.py).
# On Linux it then makes the one-file app, release/Matador-VERSION-x86_64.AppImage
# (packaging/make_appimage.py; its tools: .ci/packaging_tools.sh), and checks it
# (packaging/check_appimage.py: its format, contents and size, and the same runs from a
# folder with spaces in its name).
# Called by .ci/run inside its virtual environment, and by the release workflow
# (.github/workflows/release.yml) on Windows, macOS and Linux; works the same by
# hand from any venv (or none): bash .ci/build_bundle.sh
# Needs no display: the built program runs with SDL's dummy drivers.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build bundle: installing the build extra"
python -m pip install --quiet ".[build]"

echo "== build bundle: pyinstaller --noconfirm --clean build.spec"
log=$(mktemp)
started=$(date +%s)
if ! python -m PyInstaller --noconfirm --clean build.spec >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "build_bundle: PyInstaller failed (full log: $log)" >&2
    exit 1
fi
echo "built in $(( $(date +%s) - started )) s"

echo "== build bundle: checking the built app (smoke test: play --seats hard,hard --smoke-test 300)"
started=$(date +%s)
python packaging/check_bundle.py --frames 300 --timeout 300
echo "checked in $(( $(date +%s) - started )) s"

if [ "$(uname -s)" = Linux ]; then
    echo "== build bundle: the one-file app (packaging/make_appimage.py)"
    started=$(date +%s)
    appimage=$(python packaging/make_appimage.py --out release)
    echo "made $appimage in $(( $(date +%s) - started )) s"
    started=$(date +%s)
    python packaging/check_appimage.py "$appimage" --frames 300 --timeout 300
    echo "checked in $(( $(date +%s) - started )) s"
fi
