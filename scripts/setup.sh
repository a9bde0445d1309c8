#!/usr/bin/env bash
# Sets up a fresh machine: pnpm (the pinned version), the workspace's dependencies, and — when
# this machine can — Debian's Chromium for the report's browser test.
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
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium (for the report's browser test)"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ||
      echo "warning: could not install chromium; the browser tests will fail until it is installed" >&2
  else
    echo "note: the browser tests need Debian's chromium at /usr/bin/chromium (sudo apt-get install chromium)" >&2
  fi
fi
