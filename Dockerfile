# Kosher Tel Aviv in a container: `docker build -t kosher-tel-aviv .`, then run it with the
# production environment (docs/deployment.md). One image runs any number of processes.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` from the lockfile (exact versions); no package downloads binaries at install
# (sharp's native parts are ordinary npm packages).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json /app/server.js ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
# The operators' commands (npm run admin:create, export, import, backup, restore, uploads:*)
# run from the sources with tsx.
COPY --from=build --chown=root:root /app/app ./app
COPY --from=build --chown=root:root /app/server ./server
COPY --from=build --chown=root:root /app/database ./database
COPY --from=build --chown=root:root /app/drizzle ./drizzle
COPY --from=build --chown=root:root /app/scripts ./scripts
COPY --from=build --chown=root:root /app/tsconfig.json ./
# The code belongs to root and cannot be changed by the server; it runs as the image's `node`
# user and writes only to DATA_DIR (the development outbox, PGlite when no DATABASE_URL).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# `node server.js` (not npm start): signals reach the server, which finishes open requests on SIGTERM.
CMD ["node", "server.js"]
