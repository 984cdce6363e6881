// Sizes the server holds a request to.

/**
 * The largest JSON body a route reads (a saved table: at most 1 MiB of data in Kubernetes, plus its metadata and
 * managed fields, escaped as a JSON string). The one body limit: a longer one is refused unread before Next
 * (before-next.ts), and the write guard stops reading at it.
 */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;
