#!/usr/bin/env bash
# Sets up a fresh machine: pnpm (the pinned version), then the workspace's dependencies.
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
