// Sizes the server holds a request to. No imports: next.config.ts loads this in plain Node.

/**
 * The largest JSON body a route reads (a saved table: at most 1 MiB of data in Kubernetes, plus its metadata and
 * managed fields, escaped as a JSON string). proxy.ts makes Next buffer bodies for it; that buffer stops one byte
 * past this, so a bigger body is seen as too large, never cut to a size that parses.
 */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;
