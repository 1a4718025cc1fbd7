# Teamloop API + client in one image (docs/operations/scale-out.md). Build: docker build -t teamloop .
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npx vite build && npm prune --omit=dev --ignore-scripts

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# pg_dump and psql for backups (docs/operations/scale-out.md).
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Starting (tsx compiles the server) took 50-130 s on a saturated 2-core machine: failures
# before --start-period do not count, so a slow start is not taken for a dead process.
HEALTHCHECK --interval=10s --timeout=3s --retries=3 --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/main.ts"]
