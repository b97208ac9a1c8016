# The reference server as a container: the bundled target of `npm run conformance -- --image NAME`
# and a sandbox (`docker run -p 8080:8080 NAME`). The port, API path and profile path are the ones
# scripts/conformance/container-config.ts expects (its test reads this file).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches the platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY reference-server/src ./reference-server/src
# The one part of spec/ the server takes: the profile schema (it writes its seed's profile).
COPY spec/profile.schema.ts ./spec/
# Database and the written profile (tokens in clear, mode 0600) live in the volume.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
# Base of the links the server hands out; `--image` sets it to the origin the host reaches.
ENV CPF_SITE_URL=http://localhost:8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/api/v2/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm run server` runs, minus npm and sh: as PID 1 npm hands SIGTERM to the shell only, which
# dies and leaves the server to be killed without finishing requests and closing the database.
CMD ["node", "--import", "tsx", "reference-server/src/main.ts", "--host", "0.0.0.0", "--port", "8080", "--db", "/data/reference.sqlite", "--profile-out", "/data/profile.json"]
