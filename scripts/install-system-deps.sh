#!/usr/bin/env bash
# Installs what the tests need and a fresh Debian machine lacks: Chromium (browser tests),
# PostgreSQL (the API suite runs on it too, in a throwaway cluster: scripts/postgres/test-cluster.mjs),
# systemd's tools and npm (the service unit's test: src/e2e/load/service-restart.test.ts) and
# epubcheck (a personal copy of an EPUB must pass it as its original does: it brings Java along).
# Runs as root (CI, a fresh VPS) or through sudo; does nothing when all are already there.
set -euo pipefail

PACKAGES=()
if [ ! -x /usr/bin/chromium ]; then PACKAGES+=(chromium fonts-dejavu-core); fi
# Liberation Serif (Times New Roman's metrics): the web fonts' stand-ins use it here (shell.test.ts measures the swap).
if [ ! -f /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf ]; then PACKAGES+=(fonts-liberation); fi
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then PACKAGES+=(postgresql); fi
# systemd-analyze checks the service unit of docs/deploy.md; /usr/bin/npm is that unit's ExecStart.
if [ ! -x /usr/bin/systemd-analyze ]; then PACKAGES+=(systemd); fi
if [ ! -x /usr/bin/npm ]; then PACKAGES+=(npm); fi
if [ ! -f /usr/share/java/epubcheck.jar ] || ! command -v java >/dev/null; then PACKAGES+=(epubcheck); fi

if [ ${#PACKAGES[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

echo "Installing Debian's ${PACKAGES[*]} for the tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
if [ -x /usr/bin/chromium ]; then /usr/bin/chromium --version; fi
ls -d /usr/lib/postgresql/*/bin
# epubcheck's --version exits 1 (it wants a file), so its line is printed without failing the script.
if [ -f /usr/share/java/epubcheck.jar ]; then (java -jar /usr/share/java/epubcheck.jar --version 2>&1 || true) | head -1; fi
