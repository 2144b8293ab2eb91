#!/bin/sh
# Builds a release icsview and installs it with its manual page and shell completions.
#
#   scripts/install.sh [PREFIX]        PREFIX defaults to /usr/local; DESTDIR is honoured:
#   DESTDIR=/tmp/pkg scripts/install.sh /usr   → /tmp/pkg/usr/bin/icsview, …
#
# ICSVIEW_BINARY=path skips the build and installs that binary (the tests use the debug one).
set -eu
cd "$(dirname "$0")/.."
PREFIX=${1:-/usr/local}
DESTDIR=${DESTDIR:-}
if [ -n "${ICSVIEW_BINARY:-}" ]; then
    binary=$ICSVIEW_BINARY
else
    # The Swift standard library and Foundation linked in (--static-swift-stdlib): the installed
    # binary needs only the system's C libraries (libical, zlib; libcurl when a feed is fetched),
    # not the toolchain (scripts/static-binary-check.sh checks it).
    swift build -c release --product icsview --static-swift-stdlib
    binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/icsview
fi
root=$DESTDIR$PREFIX
install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root/bin/icsview"
# The manual page and the completions come from the binary's own option table.
"$binary" --generate-man-page > "$root/share/man/man1/icsview.1"
chmod 644 "$root/share/man/man1/icsview.1"
"$binary" --generate-completion-script bash > "$root/share/bash-completion/completions/icsview"
"$binary" --generate-completion-script zsh > "$root/share/zsh/site-functions/_icsview"
"$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/icsview.fish"
echo "installed icsview in $root: bin/icsview, share/man/man1/icsview.1, bash, zsh and fish completions"
# The reminder watcher's systemd user unit (docs/watch.md), where a user manager's unit folder exists;
# not when staging into DESTDIR for a package.
units=${XDG_CONFIG_HOME:-${HOME:-/nonexistent}/.config}/systemd/user
if [ -z "$DESTDIR" ] && [ -d "$units" ]; then
    sed "s|@BINDIR@|$PREFIX/bin|" scripts/systemd/icsview-watch.service > "$units/icsview-watch.service"
    echo "installed $units/icsview-watch.service (start it: systemctl --user enable --now icsview-watch)"
fi
