#!/bin/sh
# Starts the all-in-one service as one process: builds its bundle (turbo skips that when nothing
# changed), then replaces this shell with the service, so nothing stays resident above it (under
# `pnpm start`, pnpm itself does: it waits for its script) and signals reach the service itself.
set -e
cd "$(dirname "$0")/.."
node_modules/.bin/turbo run build --filter=@spanhouse/server --output-logs=errors-only
exec node --max-semi-space-size=32 apps/server/dist/main.mjs
