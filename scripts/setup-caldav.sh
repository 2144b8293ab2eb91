#!/usr/bin/env bash
# Installs the CalDAV servers the tests start on 127.0.0.1 (Radicale and Xandikos), only when
# missing: Debian's packages through apt-get (as root, or with sudo), else PyPI through pip.
# The tests skip, saying why, only when neither way gives a server.
set -euo pipefail

have_radicale() { command -v radicale >/dev/null 2>&1 || python3 -c "import radicale" >/dev/null 2>&1; }
have_xandikos() { python3 -c 'import xandikos' >/dev/null 2>&1 || command -v xandikos >/dev/null 2>&1; }

missing=()
have_radicale || missing+=(radicale)
have_xandikos || missing+=(xandikos)
[ "${#missing[@]}" -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "setup-caldav: installing ${missing[*]} with apt-get" >&2
  $SUDO apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 || true
fi
missing=()
have_radicale || missing+=(radicale)
have_xandikos || missing+=(xandikos)
if [ "${#missing[@]}" -gt 0 ] && command -v python3 >/dev/null 2>&1; then
  echo "setup-caldav: installing ${missing[*]} with pip" >&2
  python3 -m pip install --quiet --user "${missing[@]}" >&2 \
    || python3 -m pip install --quiet --user --break-system-packages "${missing[@]}" >&2 || true
fi
have_radicale || { echo "setup-caldav: Radicale could not be installed" >&2; exit 1; }
have_xandikos || { echo "setup-caldav: Xandikos could not be installed" >&2; exit 1; }
