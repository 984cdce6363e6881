// The API server's audit log: every request's metadata (who, verb, resource, name, answer) in a file of the state
// folder, so a test can ask the cluster itself what a write did, or that a refused one did nothing
// (test/integration/audit.ts reads it).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { state } from './paths.ts';

export const auditPolicyFile = (): string => state('audit', 'policy.yaml');
export const auditLogFile = (): string => state('audit', 'audit.log');

/**
 * Metadata for every request, once (at ResponseComplete; a watch also at ResponseStarted). Left out: leases and the
 * control plane's own events and node heartbeats, written every few seconds per node and per controller, and the
 * health checks: none of them is what memdash or a user does, and at --scale they would fill the log.
 */
const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
  - level: None
    resources:
      - group: coordination.k8s.io
        resources: [leases]
  - level: None
    users: [admin]
    resources:
      - group: ""
        resources: [events, nodes/status]
      - group: events.k8s.io
        resources: [events]
  - level: None
    nonResourceURLs: [/healthz*, /readyz*, /livez*]
  - level: Metadata
`;

/**
 * Rotated at 100 MB keeping two old files: seeding --scale 20000 writes a few records per pod (create, binding,
 * status), well inside one file, and the tests read only the records of their own few seconds.
 */
const MAX_MEGABYTES = 100;
const BACKUPS = 2;

/** Writes the policy where the API server reads it and returns the API server's audit flags. */
export function auditFlags(): string[] {
  mkdirSync(state('audit'), { recursive: true });
  writeFileSync(auditPolicyFile(), POLICY);
  return [
    `--audit-policy-file=${auditPolicyFile()}`,
    `--audit-log-path=${auditLogFile()}`,
    '--audit-log-format=json',
    // blocking: each request writes its own record as it ends, none is batched for later
    '--audit-log-mode=blocking',
    `--audit-log-maxsize=${MAX_MEGABYTES}`,
    `--audit-log-maxbackup=${BACKUPS}`,
  ];
}

/**
 * Whether the running API server was started with exactly these audit flags. A warm cluster from before the audit
 * log (or with another policy path) is reused without restart, and the tests that ask the log would find it empty.
 */
export function startedWithAudit(pid: number, flags: string[]): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return flags.every((flag) => args.includes(flag));
  } catch {
    return false;
  }
}
