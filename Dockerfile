# The spanhouse service image: one image, three entry points (all-in-one, ingest, query).
# glibc base (not alpine): chDB, the embedded engine of the default mode, ships glibc builds.
FROM node:20-bookworm-slim
WORKDIR /app
ENV CI=true
RUN npm install -g pnpm@10
# Manifests first, so a code change does not reinstall dependencies.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/ingest-api/package.json apps/ingest-api/
COPY apps/query-api/package.json apps/query-api/
COPY apps/server/package.json apps/server/
COPY packages/config/package.json packages/config/
COPY packages/db/package.json packages/db/
COPY packages/http/package.json packages/http/
COPY packages/schema/package.json packages/schema/
COPY test/package.json test/
COPY bench/package.json bench/
RUN pnpm install --frozen-lockfile
COPY . .
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
# node itself is PID 1's child (compose sets init: true) and handles SIGTERM: it stops
# accepting, commits what it accepted and exits 0. No pnpm wrapper in between, which
# would not forward the signal.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
