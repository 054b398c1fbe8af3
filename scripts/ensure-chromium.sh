#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own here).
# Installs it when missing; a no-op when /usr/bin/chromium (or $CHROMIUM_PATH) exists.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
echo "Chromium not found at $browser; installing Debian's chromium package…"
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
else
  sudo=
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
echo "Installed: $("$browser" --version)"
