#!/usr/bin/env bash
# Installs, with apt-get (Debian or Ubuntu), what the installers are made with, when it is
# missing: for the AppImage (packaging/make_appimage.py) a C compiler, the headers and
# static libraries of libsquashfuse and of its decompressors (zstd, xz, zlib), and
# mksquashfs; for the Windows installer (packaging/make_installer.py) makensis. Uses sudo
# when not run as root.
# Called by .ci/run (before the tests, which build a small AppImage and a small installer
# with them) and by the release workflow; by hand: bash .ci/packaging_tools.sh
set -euo pipefail

PACKAGES=(gcc libc6-dev libsquashfuse-dev libzstd-dev liblzma-dev zlib1g-dev squashfs-tools nsis)
missing=()
for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "packaging tools: all there (${PACKAGES[*]})"
    exit 0
fi
echo "packaging tools: installing ${missing[*]} (apt-get)"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
timeout 600 $SUDO apt-get update -qq
timeout 900 $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "packaging tools: $(makensis -VERSION), $(mksquashfs -version | head -n 1)"
