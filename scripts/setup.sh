#!/usr/bin/env bash
# Installs what ICSKit needs to build, only when it is missing: libical (with pkg-config).
# Debian/Ubuntu through apt-get (as root, or with sudo); macOS through Homebrew.
set -euo pipefail

if pkg-config --exists libical 2>/dev/null; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "setup: installing libical-dev and pkg-config with apt-get" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends libical-dev pkg-config >&2
elif command -v brew >/dev/null 2>&1; then
  echo "setup: installing libical and pkg-config with Homebrew" >&2
  brew install libical pkg-config >&2
else
  echo "setup: libical is missing; install libical-dev (Debian) or libical (Homebrew) and pkg-config" >&2
  exit 1
fi

pkg-config --exists libical || { echo "setup: libical still not found by pkg-config" >&2; exit 1; }
