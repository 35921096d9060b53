# The spanhouse service image: one image, three entry points (all-in-one, ingest, query).
# glibc base (not alpine): chDB, the embedded engine of the default mode, ships glibc builds.
FROM node:20-bookworm-slim
WORKDIR /app
ENV CI=true
RUN npm install -g pnpm@10
# The whole workspace at once (.dockerignore drops node_modules, data, .git): pnpm's frozen
# install needs every workspace package.json the lockfile names.
COPY . .
RUN pnpm install --frozen-lockfile
# Each entry point as one bundled ES module, and the web UI the query API serves at /
# (apps/web/dist): docs/decisions/0012-production-start.md.
RUN pnpm build
ENV HOST=0.0.0.0 PORT=3000 OTLP_GRPC_PORT=4317 DATA_DIR=/data
# glibc's allocator (Node's own allocations) told to give back what it frees, as scripts/start.sh
# does (decision 0068); the embedded engine's allocator is set by the service (decision 0072).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
# 3000: HTTP (every API and the web UI); 4317: OTLP/gRPC, in the processes that ingest (the
# all-in-one default and the ingest entry point; the query entry point does not listen on it).
EXPOSE 3000 4317
# node is PID 1's child (compose sets init: true) and handles SIGTERM itself: it stops
# accepting, commits what it accepted and exits 0. No pnpm in between, which would not forward
# the signal and costs memory of its own. Node's own young-generation size, as `pnpm start`
# (decision 0070).
CMD ["node", "apps/server/dist/main.mjs"]
