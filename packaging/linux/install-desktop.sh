#!/bin/sh
# Adds Matador to the desktop's application menu for the current user.
# Run it from the unpacked dist/Matador folder (it may be moved anywhere first):
#     ./install-desktop.sh            install the menu entry and icon
#     ./install-desktop.sh --remove   take them away again
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/matador.desktop"
icon="$data/icons/hicolor/256x256/apps/matador.png"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "Removed $entry"
    exit 0
fi

if [ ! -x "$here/Matador" ]; then
    echo "install-desktop.sh: $here/Matador not found; run this script from the Matador folder" >&2
    exit 1
fi
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
if [ -f "$here/matador.png" ]; then
    cp "$here/matador.png" "$icon"
fi
# Point the entry at this folder's program (quoted, in case the path has spaces).
sed -e "s|^Exec=.*|Exec=\"$here/Matador\"|" -e "s|^Icon=.*|Icon=matador|" \
    "$here/matador.desktop" > "$entry"
chmod 644 "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" || true
echo "Installed $entry"
