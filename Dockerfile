# memdash's image: Next.js's standalone output on Node 24, run as a non-root user with a read-only root filesystem
# (the chart mounts emptyDirs at /data, /app/.next/cache and /tmp).
#
# With Docker and an image registry: docker build -t memdash:0.1.0 .
# Without either: scripts/build-image.sh builds this file with buildah (--network=none, --pull=never). It names two
# local images instead of the registry's: NODE_IMAGE, Node 24 on Debian's own libc and libstdc++, and BUILT, the
# standalone output it built beside the repository; the build stage below is then never run.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG BUILT=build

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN MEMDASH_STANDALONE=1 NEXT_TELEMETRY_DISABLED=1 npx next build

# the build stage above, or an image holding what it would leave in /src
FROM ${BUILT} AS built

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
# A young generation of 4 MB, two malloc arenas and a fixed mmap threshold (large buffers go back to the system when
# freed, instead of raising the threshold and staying in the arenas) keep the resident set near the live heap under
# load; the old generation is set, not left to V8's sizing from the container's limit (docs/operations.md, Memory).
# npm start gives the same defaults (bench/deployed-memory.test.ts holds the two alike).
ENV NODE_OPTIONS="--max-old-space-size=512 --max-semi-space-size=4" MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
COPY --from=built /src/.next/standalone ./
COPY --from=built /src/.next/static ./.next/static
# the icons: the standalone server serves public/ from beside server.js, and the output leaves it out
COPY --from=built /src/public ./public
USER 10001:10001
EXPOSE 3000
CMD ["node", "server.js"]
