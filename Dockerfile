# memdash's image: Next.js's standalone output on Node 24, run as a non-root user with a read-only root filesystem
# (the chart mounts emptyDirs at /data, /app/.next/cache and /tmp). Build: docker build -t memdash:0.1.0 .
# Not built by the tests here: the machines that run them reach Debian's, npm's and Go's registries only, and every
# base image (node, debian) comes from an image registry (see docs/operations.md, "The image").
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN MEMDASH_STANDALONE=1 NEXT_TELEMETRY_DISABLED=1 npx next build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
# A young generation of 4 MB, two malloc arenas and a fixed mmap threshold (large buffers go back to the system when
# freed, instead of raising the threshold and staying in the arenas) keep the resident set near the live heap under
# load; the old generation is sized by V8 from the container's memory limit (the chart's 1 Gi gives about 256 MB).
ENV NODE_OPTIONS=--max-semi-space-size=4 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /src/.next/standalone ./
COPY --from=build /src/.next/static ./.next/static
USER 10001:10001
EXPOSE 3000
CMD ["node", "server.js"]
