# Production image: server, worker and the one-shot commands (migrations, demo seed, admin
# creation) compiled to JavaScript and run by node on a slim Debian, as the unprivileged `node`
# user. One image, three roles; docker-compose.yml picks the command. README: "Running in production".
# Pinned by digest like every image compose pulls (the same digest several public projects pin;
# not pulled on the machine that wrote this): a rebuild gets the same base, updated on purpose.
ARG NODE_IMAGE=node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c

FROM ${NODE_IMAGE} AS pnpm
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@10.34.9
WORKDIR /src

# Dependencies from the lockfile alone, before any source is copied: this layer is rebuilt only
# when a manifest or the lockfile changes, not on every source edit.
FROM pnpm AS deps
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY packages/shared/package.json packages/shared/
COPY packages/db/package.json packages/db/
COPY packages/core/package.json packages/core/
COPY packages/testkit/package.json packages/testkit/
COPY server/package.json server/
COPY worker/package.json worker/
COPY web/package.json web/
RUN pnpm fetch --frozen-lockfile && pnpm install --frozen-lockfile --offline

# The web (Vite) and the bundles (scripts/build-bundles.ts: @kanak/* inlined, npm packages
# external), then production node_modules for those external imports: the server's dependency
# closure (it includes the worker's), laid out flat so dist/ resolves every package from /app.
FROM deps AS build
COPY . .
RUN pnpm build && pnpm build:bundles
RUN pnpm --filter @kanak/server deploy --prod --offline \
      --config.node-linker=hoisted --config.inject-workspace-packages=true /prod \
 && rm -rf /prod/node_modules/@kanak

FROM ${NODE_IMAGE} AS runtime
# tini as process 1: signals reach node, and zombies are reaped.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
# Memory (README "Memory"): V8 collects the old generation within 256 MB and keeps 4 MB
# semi-spaces, instead of letting garbage grow towards its default limit (a quarter of the
# machine's memory) before a full collection; glibc keeps 2 malloc arenas for the compression and
# hashing done in libuv's threads instead of 8 per core. NODE_OPTIONS applies to server, worker
# and the commands; raise --max-old-space-size with CATALOG_CACHE_MB + PAGE_CACHE_MB (the server
# warns at start when they leave it less than 160 MB).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=4" \
    HOST=0.0.0.0 \
    PORT=3000 \
    WEB_DIST=/app/web/dist \
    UPLOAD_DIR=/data/uploads \
    WORKER_HEARTBEAT_FILE=/tmp/kanak-worker-heartbeat
WORKDIR /app
COPY --from=build /prod/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY --from=build /src/web/dist ./web/dist
COPY --from=build /src/web/dist-ssr ./web/dist-ssr
RUN mkdir -p /data/uploads && chown node:node /data/uploads
USER node
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--"]
# The server; the worker runs dist/worker/main.js, the migration step dist/cli/migrate.js.
CMD ["node", "dist/server/main.js"]
