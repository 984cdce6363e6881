// Sizes the server holds a request to. No imports: next.config.mjs loads this in plain Node.

/**
 * The largest JSON body a route reads (a saved table: at most 1 MiB of data in Kubernetes, plus its metadata and
 * managed fields, escaped as a JSON string). The one body limit: a longer one is refused unread before Next
 * (before-next.ts) and by the proxy, and the write guard stops reading at it.
 */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Because proxy.ts exists, Next copies every request body into memory for it, silently dropping what passes this
 * size (the rest of the upload is read and discarded). It is twice the routes' limit, so a body cut here is still
 * longer than any route reads, and is refused as too large rather than read as a shorter body.
 */
export const PROXY_BODY_BUFFER_BYTES = 2 * MAX_JSON_BODY_BYTES;
