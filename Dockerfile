# Strážce server image: the compiled server (server/dist/main.js), the built web app and the production
# dependencies only, run as the unprivileged user `node`. Configured by the README's environment variables
# alone. Build: docker build -t strazce . (see README, "Production").

# 1. The package manifests, the base of the two install stages.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/

# 2. Build: every dependency, then `npm run build` (web/dist and the esbuild bundle server/dist/main.js).
FROM manifests AS build
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# 3. Production dependencies of the server only (no dev tools, no web or test packages).
FROM manifests AS deps
RUN npm ci --omit=dev --workspace @strazce/server --no-audit --no-fund --ignore-scripts \
  && mkdir -p server/node_modules \
  && npm cache clean --force

# 4. The image: bundle, migrations, web app and production node_modules.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/server/node_modules ./server/node_modules
COPY --from=build /app/server/package.json ./server/package.json
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/server/drizzle ./server/drizzle
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app/server
VOLUME ["/data"]
EXPOSE 8080 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--min-semi-space-size=64", "--max-semi-space-size=64", "dist/main.js"]
