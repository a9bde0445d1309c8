#!/usr/bin/env bash
# Sets up a fresh machine: pnpm (the pinned version), the workspace's dependencies, and — when
# this machine can — Debian's Chromium, tmux and redis-server for the browser, terminal and queue
# tests.
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
# Debian packages the tests drive: chromium (the report's browser tests), tmux (the terminal
# tests, which check the progress display in a real terminal at several widths) and redis-server
# (the queue's tests start their own on a loopback port; a missing one fails them, never skips).
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
[ -x /usr/bin/redis-server ] || missing="$missing redis-server"
if [ -n "$missing" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's$missing (for the browser, terminal and queue tests)"
    # shellcheck disable=SC2086
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null) ||
      echo "warning: could not install$missing; the tests that need them will fail until they are installed" >&2
  else
    echo "note: the tests need Debian's$missing (sudo apt-get install$missing)" >&2
  fi
fi
