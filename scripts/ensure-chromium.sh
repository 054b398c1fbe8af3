#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell (Playwright cannot download its own
# here). Installs the `chromium-headless-shell` package when missing; a no-op when
# /usr/bin/chromium-headless-shell (or $HEADLESS_CHROMIUM_PATH) exists.
set -euo pipefail
browser="${HEADLESS_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$browser" ]; then
  exit 0
fi
echo "Chromium's headless shell not found at $browser; installing Debian's chromium-headless-shell package…"
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
else
  sudo=
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium-headless-shell >/dev/null
echo "Installed: $("$browser" --version)"
