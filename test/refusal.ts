// What a page, an API answer or the server's log says when the cluster refused memdash's own read: a part's error
// code, or the API server's RBAC wording (`... is forbidden: User "system:serviceaccount:..." cannot list resource`).
// Not a bare "is forbidden": a quota's or a LimitRange's refusal of someone's pod is evidence a page shows
// (`pods "x" is forbidden: exceeded quota: ...`), not a refusal of memdash.
export const REFUSAL = /data-error=\\?"forbidden|\\?"code\\?":\\?"forbidden|is forbidden: User |cannot (get|list|watch|create) resource/;
