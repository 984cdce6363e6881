// Outside Next.js, `server-only` would throw on import; tests run on the server side anyway.
export {};
