#!/usr/bin/env bash
# Sets up a fresh machine: pnpm (the pinned version), the workspace's dependencies, and — when
# this machine can — Debian's Chromium and tmux for the browser and terminal tests.
# better-sqlite3 builds from source against Node's own headers, which node-gyp finds through
# npm_config_nodedir (pnpm does not pass the .npmrc setting on).
set -euo pipefail
cd "$(dirname "$0")/.."
want=12.4.2
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$want" ]; then
  npm install --global --silent "pnpm@$want"
fi
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile
else
  pnpm install
fi
# Debian packages the tests drive: chromium (the report's browser tests) and tmux (the terminal
# tests, which check the progress display in a real terminal at several widths).
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
if [ -n "$missing" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's$missing (for the browser and terminal tests)"
    # shellcheck disable=SC2086
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null) ||
      echo "warning: could not install$missing; the tests that need them will fail until they are installed" >&2
  else
    echo "note: the tests need Debian's$missing (sudo apt-get install$missing)" >&2
  fi
fi
