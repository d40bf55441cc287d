# syntax=docker/dockerfile:1
# The store's image (issue 45): built in one stage, run from another that holds the build and production
# dependencies only, as a user that is not root, under an init (tini), with a HEALTHCHECK on /ready.
#   docker build -t souq-store .
#   docker compose up -d        the store, PostgreSQL 15 and a one-shot migrate service (compose.yaml, README)
#
# No container engine runs in CI: scripts/container-smoke.sh reads this file and runs its instructions in a clean
# folder as the image would (FROM … AS, WORKDIR, COPY [--from], RUN, ENV, USER, VOLUME, HEALTHCHECK, CMD), then
# starts the CMD and waits for the HEALTHCHECK. A RUN right after a `# container-smoke: skip` comment changes the
# system (apt, owners) and is left out there. Use only the instructions and forms it reads; it refuses others.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# tini: the init (signals to node, zombies reaped); PostgreSQL 15's pg_dump and pg_restore: npm run backup and the
# back office's download on a PostgreSQL store (Debian 12's postgresql-client is 15, as compose.yaml's server).
# container-smoke: skip
RUN apt-get update && apt-get install -y --no-install-recommends tini postgresql-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
# The API's production dependencies: the storefront's are in its build (apps/web/dist, dist-server) already.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace=apps/api --workspace=packages/contracts
COPY --from=build /app/apps/api/dist apps/api/dist/
COPY --from=build /app/apps/api/drizzle apps/api/drizzle/
COPY --from=build /app/apps/web/dist apps/web/dist/
COPY --from=build /app/apps/web/dist-server apps/web/dist-server/
COPY --from=build /app/scripts/serve.mjs /app/scripts/build-stamp.mjs /app/scripts/api.mjs scripts/
# container-smoke: skip
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data PORT=3000 HOST=0.0.0.0
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/serve.mjs"]
