#!/usr/bin/env bash
# Installs what the browser tests need and a fresh Debian machine lacks: Chromium.
# Runs as root (CI, a fresh VPS) or through sudo; does nothing when Chromium is already there.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

echo "Installing Debian's chromium for the browser tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
