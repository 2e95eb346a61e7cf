#!/usr/bin/env bash
# The test command: sets up a fresh Debian machine for the tests, then runs every test.
#   Python packages (pip install -e '.[test]'), Debian's Chromium, CJK fonts and mosquitto (a second
#   relay implementation beside amqtt for the friends tests) when missing,
#   the pinned Pyodide npm package and wheels and the page's pinned dev tools (esbuild, TypeScript:
#   npm ci from package-lock.json), both by build.py, then pytest over tests/ (which runs tsc and
#   node --test too: tests/js/test_page_js.py).
# Extra arguments go to pytest, e.g. tests/run.sh -x -k boot, or tests/run.sh tests/engine/test_bots.py (just that file);
# MAHJONG_TEST_WORKERS=1 for one worker beside the main process, -n 0 for none
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-$(command -v python || command -v python3)}"

"$PYTHON" -m pip install --quiet --disable-pip-version-check -e '.[test]'

if [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1 || [ ! -x /usr/sbin/mosquitto ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -q
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-noto-cjk mosquitto
fi

# also installs the page's pinned dev tools (npm ci from package-lock.json, again only when the lock
# changed): the bundler it runs, the type check and the unit tests' TypeScript
"$PYTHON" build.py

# one pytest worker per core (pytest-xdist, at most 4: each browser test runs a Chromium), a test
# file kept on one worker (its module fixtures, such as a kept snapshot, are made once); -n 0 among
# the arguments runs everything in this one process
CORES="$(nproc 2>/dev/null || echo 2)"
WORKERS="${MAHJONG_TEST_WORKERS:-$(( CORES < 4 ? CORES : 4 ))}"
PARALLEL=(-n "$WORKERS" --dist loadfile)

# arguments naming test files or folders run just those; otherwise every test under tests/
for arg in "$@"; do
  case "$arg" in
    -*) ;;
    *) if [ -e "${arg%%::*}" ]; then exec "$PYTHON" -m pytest "${PARALLEL[@]}" "$@"; fi ;;
  esac
done
exec "$PYTHON" -m pytest tests "${PARALLEL[@]}" "$@"
