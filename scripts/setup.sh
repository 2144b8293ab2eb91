#!/usr/bin/env bash
# Installs what ICSKit needs to build, only what is missing: libical, zlib, libcurl, libxml2 and sqlite3 (with pkg-config),
# and tmux for the tests of the full-screen browser.
# Debian/Ubuntu through apt-get (as root, or with sudo); macOS through Homebrew.
set -euo pipefail

# pkg-config name → Debian package, Homebrew formula.
# (sqlite3: only the importer example, Examples/OccurrenceStore, links it.)
modules=(libical zlib libcurl libxml-2.0 sqlite3)
debian=(libical-dev zlib1g-dev libcurl4-openssl-dev libxml2-dev libsqlite3-dev)
brew=(libical zlib curl libxml2 sqlite)

missing_debian=()
missing_brew=()
# tmux: the browser's tests run icsview browse in a real terminal inside it.
if ! command -v tmux >/dev/null 2>&1; then
  missing_debian+=(tmux)
  missing_brew+=(tmux)
fi
for i in "${!modules[@]}"; do
  if ! pkg-config --exists "${modules[$i]}" 2>/dev/null; then
    missing_debian+=("${debian[$i]}")
    missing_brew+=("${brew[$i]}")
  fi
done
if [ "${#missing_debian[@]}" -eq 0 ]; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "setup: installing ${missing_debian[*]} and pkg-config with apt-get" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing_debian[@]}" pkg-config >&2
elif command -v brew >/dev/null 2>&1; then
  echo "setup: installing ${missing_brew[*]} and pkg-config with Homebrew" >&2
  brew install "${missing_brew[@]}" pkg-config >&2
else
  echo "setup: missing ${missing_debian[*]} (Debian names); install them and pkg-config" >&2
  exit 1
fi

command -v tmux >/dev/null 2>&1 || { echo "setup: tmux still not found" >&2; exit 1; }
for module in "${modules[@]}"; do
  pkg-config --exists "$module" || { echo "setup: $module still not found by pkg-config" >&2; exit 1; }
done
