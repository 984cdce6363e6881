// MEMDASH_CLUSTERS: the YAML file naming the clusters memdash reads. Checked once at start; each problem names the
// entry and the field (never a value: a URL may hold a password). Without the file, memdash reads the one cluster of
// its kubeconfig's context, as it always has. No 'server-only': config-start runs it before anything serves.
import { parse } from 'yaml';
import { z } from 'zod';
import { schemaOf, variableOf, type Settings } from '@/lib/config';
import { factsFromSettings, FACT_KEYS, isFactKey, type ClusterFacts } from './facts';

/** Where a cluster's Prometheus is: its own URL, or a shared one whose series carry the cluster as a label. */
export interface PrometheusTarget {
  /** The API's base URL; none: the panels that read Prometheus say it is not configured. */
  url?: string;
  /** A label matcher added to every selector, such as `cluster="prd"`, for a Prometheus several clusters share. */
  matcher?: string;
}

/** One cluster as configured: how to reach it, and what in it differs from the runbook's defaults. */
export interface ClusterEntry {
  name: string;
  /** The kubeconfig context; none: the kubeconfig's current one. */
  context?: string;
  /** The service account memdash runs as (the chart's own cluster), instead of a kubeconfig. */
  inCluster: boolean;
  /** KUBECONFIG for this cluster alone (a Secret mounted by the chart); none: KUBECONFIG, else ~/.kube/config. */
  kubeconfig?: string;
  prometheus: PrometheusTarget;
  facts: ClusterFacts;
  /** How this cluster's API server names a person memdash signed in (its OIDC prefixes), for their rights there. */
  identity: IdentityMapping;
}

/**
 * The prefixes this cluster's API server puts before the provider's user and groups (its --oidc-username-prefix and
 * --oidc-groups-prefix): the same person is `oidc:ada` in one cluster and `ada` in another.
 */
export interface IdentityMapping {
  usernamePrefix: string;
  groupsPrefix: string;
  /**
   * Whether its API server trusts memdash's OpenID provider, so a person may write there with their own ID token
   * (MEMDASH_WRITE_AS_USER=on); false: only a pasted credential writes to it.
   */
  writeAsUser: boolean;
}

export interface ClusterList {
  clusters: readonly ClusterEntry[];
  /** The cluster today's URLs (without /c/{cluster}/) and the CLI go to. */
  defaultName: string;
}

export const CLUSTER_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const clusterName = z.string().regex(CLUSTER_NAME, 'must be a DNS label: lower-case letters, digits and -, at most 63');
// name="value", name=~"regex" or name!="value", the forms a cluster label takes; quotes inside are escaped.
const MATCHER = /^[a-zA-Z_][a-zA-Z0-9_]*(=|!=|=~|!~)"([^"\\]|\\.)*"$/;

const entrySchema = z.strictObject({
  name: clusterName,
  context: z.string().trim().min(1).optional(),
  inCluster: z.boolean().default(false),
  kubeconfig: z.string().trim().min(1).optional(),
  prometheus: z
    .strictObject({
      url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
      matcher: z.string().regex(MATCHER, 'must be one label matcher, such as cluster="prd"').optional(),
    })
    .optional(),
  facts: z.record(z.string(), z.unknown()).optional(),
  identity: z
    .strictObject({
      usernamePrefix: z.string().max(100).optional(),
      groupsPrefix: z.string().max(100).optional(),
      writeAsUser: z.boolean().optional(),
    })
    .optional(),
});

const fileSchema = z.strictObject({
  default: clusterName.optional(),
  clusters: z.array(z.unknown()).min(1, 'must name at least one cluster'),
});

export class ClustersError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.name = 'ClustersError';
    this.problems = problems;
  }
}

const where = (path: PropertyKey[]) => path.map(String).join('.');

/** The one cluster of a memdash without MEMDASH_CLUSTERS: named by MEMDASH_CLUSTER_NAME, else after its context. */
export function singleCluster(s: Settings, currentContext: string | undefined): ClusterList {
  const name = s.clusterName ?? nameFromContext(s.kubeContext ?? currentContext);
  const entry: ClusterEntry = {
    name,
    context: s.kubeContext,
    inCluster: false,
    prometheus: { url: s.prometheusUrl },
    facts: factsFromSettings(s),
    identity: identityOf(s),
  };
  return { clusters: [entry], defaultName: name };
}

/** A kubeconfig context's name made a URL's segment: `kubernetes-admin@kubernetes` → `kubernetes-admin-kubernetes`. */
export function nameFromContext(context: string | undefined): string {
  const name = (context ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return name || 'default';
}

/** Parses the file's text; throws one ClustersError listing every problem, each naming the entry and the field. */
export function parseClusters(text: string, s: Settings): ClusterList {
  const variable = variableOf('clustersFile');
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 0, prettyErrors: false });
  } catch (err) {
    throw new ClustersError([`${variable}: not YAML (${(err as Error).message.split('\n')[0]})`]);
  }
  const file = fileSchema.safeParse(raw);
  if (!file.success) {
    throw new ClustersError(file.error.issues.map((i) => `${variable}: ${where(i.path) || 'the file'}: ${i.message}`));
  }
  const problems: string[] = [];
  const clusters: ClusterEntry[] = [];
  const defaults = factsFromSettings(s);
  const named = new Set<string>();
  file.data.clusters.forEach((item, index) => {
    const label = `clusters[${index}]${nameOf(item)}`;
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && named.has(name)) problems.push(`${variable}: ${label}: name: another entry has this name`);
    if (typeof name === 'string') named.add(name);
    const entry = entrySchema.safeParse(item);
    if (!entry.success) {
      for (const i of entry.error.issues) problems.push(`${variable}: ${label}: ${where(i.path) || 'the entry'}: ${i.message}`);
      return;
    }
    const e = entry.data;
    if (e.inCluster && (e.context || e.kubeconfig)) problems.push(`${variable}: ${label}: inCluster: takes no context or kubeconfig`);
    const facts: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries(e.facts ?? {})) {
      if (!isFactKey(key)) {
        problems.push(`${variable}: ${label}: facts.${key}: not a cluster fact (one of ${FACT_KEYS.join(', ')})`);
        continue;
      }
      const checked = schemaOf(key).safeParse(typeof value === 'number' || Array.isArray(value) ? listOrText(value) : value);
      if (checked.success) facts[key] = checked.data;
      else problems.push(`${variable}: ${label}: facts.${key}: ${checked.error.issues.map((i) => i.message).join('; ')}`);
    }
    clusters.push({
      name: e.name,
      context: e.context,
      inCluster: e.inCluster,
      kubeconfig: e.kubeconfig,
      prometheus: e.prometheus ?? { url: s.prometheusUrl },
      facts: Object.freeze(facts) as ClusterFacts,
      identity: { ...identityOf(s), ...e.identity },
    });
  });
  const defaultName = file.data.default ?? clusters[0]?.name ?? '';
  if (file.data.default && !clusters.some((c) => c.name === file.data.default)) {
    problems.push(`${variable}: default: no cluster is named "${file.data.default}"`);
  }
  if (problems.length > 0) throw new ClustersError(problems);
  return { clusters, defaultName };
}

/** The server's own mapping (MEMDASH_OIDC_*_PREFIX): what a cluster that says nothing else maps a person to. */
const identityOf = (s: Settings): IdentityMapping => ({
  usernamePrefix: s.oidcUsernamePrefix,
  groupsPrefix: s.oidcGroupsPrefix,
  writeAsUser: true,
});

// the settings' schemas read what an environment variable carries: a list comma-separated, a number as text
const listOrText = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

function nameOf(item: unknown): string {
  const name = (item as { name?: unknown } | null)?.name;
  return typeof name === 'string' && CLUSTER_NAME.test(name) ? ` (${name})` : '';
}
