#!/usr/bin/env bash
# Builds the desktop app with PyInstaller and smoke-tests the result.
# Called by .ci/run inside its virtual environment; works the same by hand from
# any venv (or none): bash .ci/build_bundle.sh
# Needs no display: the built program runs with SDL's dummy drivers.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

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

case "$(uname -s)" in
    MINGW*|MSYS*|CYGWIN*) app="$root/dist/Matador/Matador.exe" ;;
    *) app="$root/dist/Matador/Matador" ;;
esac
if [ ! -x "$app" ]; then
    echo "build_bundle: $app was not built" >&2
    exit 1
fi

# Every sprite and sound must be in the bundle.
internal="$root/dist/Matador/_internal"
missing=0
for kind in sprites sounds; do
    while IFS= read -r -d '' file; do
        rel=${file#"$root/"}
        if [ ! -f "$internal/$rel" ]; then
            echo "build_bundle: $rel is not in the bundle" >&2
            missing=1
        fi
    done < <(find "$kind" -type f ! -name README.md -print0)
done
[ "$missing" = 0 ] || exit 1

# Run the built program from outside the clone, headless, with its own home.
work=$(mktemp -d)
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
export MATADOR_NO_CRASH_DIALOG=1 MATADOR_HOME="$work/home"

echo "== build bundle: $app --help"
(cd "$work" && "$app" --help >/dev/null)

echo "== build bundle: smoke test (play --seats hard,hard --smoke-test 300)"
started=$(date +%s)
status=0
(cd "$work" && timeout 300 "$app" play --seats hard,hard --smoke-test 300 --screenshot "$work/last.png") || status=$?
if [ "$status" != 0 ]; then
    echo "build_bundle: the smoke test of the built app failed (exit status $status)" >&2
    if [ -d "$work/home/log" ]; then
        cat "$work/home/log/"* >&2 || true
    fi
    exit 1
fi
if [ ! -s "$work/last.png" ]; then
    echo "build_bundle: the built app saved no screenshot" >&2
    exit 1
fi
echo "smoke test passed in $(( $(date +%s) - started )) s"

python - "$root/dist/Matador" <<'EOF'
import sys
from pathlib import Path

folder = Path(sys.argv[1])
files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
size = sum(p.stat().st_size for p in files)
print(f"bundle size: {size / 1e6:.1f} MB ({size / 2**20:.1f} MiB) in {len(files)} files: {folder}")
if size > 40e6:
    print("bundle size: over the 40 MB goal (see build.spec's excludes)")
EOF
