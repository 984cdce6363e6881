// The JSON of GET /readyz when the API server answers, which the header's status shows. Types only.
export type { Readiness } from '@/lib/k8s/health';
