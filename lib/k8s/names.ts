// Kubernetes name rules as zod schemas. No I/O here (and no 'server-only'), because lib/config.ts validates its
// settings with these before Next.js starts, and client components may check a name before navigating.
import { z } from 'zod';
import { DNS_LABEL, DNS_SUBDOMAIN } from '../domain/names.ts';

// RBAC objects (the webhook's owner ClusterRole `kyverno-prd:webhook`) are path segments, not DNS names.
const PATH_SEGMENT = /^[^/%]+$/;

/** A namespace name: an RFC 1123 label. */
export const namespaceName = z
  .string()
  .max(63, 'a namespace name has at most 63 characters')
  .regex(DNS_LABEL, 'a namespace name is lower-case letters, digits and "-", starting and ending with a letter or digit');

/** A pod, ConfigMap, CronJob, Deployment or webhook configuration name: an RFC 1123 subdomain. */
export const objectName = z
  .string()
  .max(253, 'a name has at most 253 characters')
  .regex(DNS_SUBDOMAIN, 'a name is lower-case letters, digits, "-" and ".", starting and ending with a letter or digit');

export const rbacName = z.string().min(1).max(253).regex(PATH_SEGMENT, 'an RBAC name cannot contain "/" or "%"');

/** A pod addressed as `<namespace>/<name>`, as every page and route takes it. */
export const podRef = z.object({ namespace: namespaceName, name: objectName });
export type PodRef = z.infer<typeof podRef>;

/** A pod's `<namespace>/<name>`: the key of what is kept or shared per pod. */
export function podKey(ref: { namespace: string; name: string }): string {
  return `${ref.namespace}/${ref.name}`;
}

/** An equality label selector `key=value`, as kubectl's -l takes it. */
export const equalitySelector = z.string().regex(/^([a-z0-9A-Z.\-_/]+)=([a-z0-9A-Z.\-_]*)$/, 'a label selector is written key=value');
