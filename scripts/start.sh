#!/bin/sh
# Starts the all-in-one service as one process: builds its bundle (turbo skips that when nothing
# changed), then replaces this shell with the service, so nothing stays resident above it (under
# `pnpm start`, pnpm itself does: it waits for its script) and signals reach the service itself.
set -e
cd "$(dirname "$0")/.."
node_modules/.bin/turbo run build --filter=@spanhouse/server --output-logs=errors-only
# Node's own allocations outside its heap (request bodies, inflated gzip, decode buffers) go
# through glibc's malloc, whose defaults keep what it frees: up to 8 arenas per core, and large
# blocks carved from the heap once a freed one raised the mapping threshold. Two arenas and large
# blocks always mapped keep the process smaller under a write load, at the same speed (decision
# 0068). The embedded engine has an allocator of its own, which the service configures itself
# (decision 0072). glibc reads these at start only; a value already set is kept.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
# Node's own young-generation size: a larger one (--max-semi-space-size=32) held more memory
# under the write loads for no measurable rate (decision 0070).
exec node apps/server/dist/main.mjs
