#!/usr/bin/env bash
# The README's test command (`pnpm test`): build, lint, then type-check and test every package.
# The CLI's end-to-end tests are the longest task by far (about nine minutes, their files one after
# another); left to turbo's order they started last and ran alone at the end. So they start first,
# in a turbo of their own, beside the type checks and tests of every other package (two at a time,
# in another turbo); the builds are done by then, so neither waits for a dependency (`--only`).
# Exits non-zero when either fails.
set -uo pipefail
cd "$(dirname "$0")/.."
turbo run build --output-logs=errors-only || exit 1
biome check . || exit 1
turbo run typecheck test --only --filter=@forge/cli-e2e &
end_to_end=$!
turbo run typecheck test --only --concurrency=2 --filter='!@forge/cli-e2e'
rest=$?
wait "$end_to_end"
end_to_end_status=$?
if [ "$rest" -ne 0 ] || [ "$end_to_end_status" -ne 0 ]; then
  echo "pnpm test: failed (other packages: exit $rest; cli-e2e: exit $end_to_end_status)" >&2
  exit 1
fi
