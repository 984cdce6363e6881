import { describe, expect, it } from 'vitest';
import { loadSettings } from '@/lib/config';
import { ClustersError, nameFromContext, parseClusters, singleCluster } from './config';

const s = loadSettings({ MEMDASH_PROMETHEUS_URL: 'http://prom.example:9090' });

function problems(text: string): string[] {
  try {
    parseClusters(text, s);
  } catch (err) {
    if (err instanceof ClustersError) return err.problems;
    throw err;
  }
  throw new Error('no problem found');
}

describe('MEMDASH_CLUSTERS', () => {
  it('reads each cluster with the settings as its defaults and its own facts over them', () => {
    const list = parseClusters(
      `
default: stg
clusters:
  - name: prd
    context: admin@prd
  - name: stg
    context: admin@stg
    prometheus: { url: "https://prom.shared/", matcher: 'cluster="stg"' }
    facts: { kyvernoNamespace: kyverno, admissionReplicas: 1, controlPlaneNodes: [cp1, cp2] }
`,
      s,
    );
    expect(list.defaultName).toBe('stg');
    const [prd, stg] = list.clusters;
    expect(prd!.facts.kyvernoNamespace).toBe('kyverno-prd');
    expect(prd!.prometheus).toEqual({ url: 'http://prom.example:9090' });
    expect(stg!.facts.kyvernoNamespace).toBe('kyverno');
    expect(stg!.facts.admissionReplicas).toBe(1);
    expect(stg!.facts.controlPlaneNodes).toEqual(['cp1', 'cp2']);
    expect(stg!.prometheus.matcher).toBe('cluster="stg"');
  });

  it('the first cluster is the default when none is named', () => {
    expect(parseClusters('clusters: [{name: a}, {name: b}]', s).defaultName).toBe('a');
  });

  it('names the entry and the field of every problem, never a value', () => {
    const found = problems(`
default: nowhere
clusters:
  - name: prd
    prometheus: { url: "ftp://user:secret@x" }
  - name: Bad_Name
  - name: stg
    facts: { kyvernoNamespace: "Not A Namespace", tableName: x }
  - name: prd
  - name: ic
    inCluster: true
    context: x
`);
    expect(found).toEqual([
      'MEMDASH_CLUSTERS: clusters[0] (prd): prometheus.url: must be an http(s) URL',
      'MEMDASH_CLUSTERS: clusters[1]: name: must be a DNS label: lower-case letters, digits and -, at most 63',
      expect.stringMatching(/^MEMDASH_CLUSTERS: clusters\[2\] \(stg\): facts\.kyvernoNamespace: /),
      expect.stringMatching(/^MEMDASH_CLUSTERS: clusters\[2\] \(stg\): facts\.tableName: not a cluster fact/),
      'MEMDASH_CLUSTERS: clusters[3] (prd): name: another entry has this name',
      'MEMDASH_CLUSTERS: clusters[4] (ic): inCluster: takes no context or kubeconfig',
      'MEMDASH_CLUSTERS: default: no cluster is named "nowhere"',
    ]);
    expect(found.join('\n')).not.toContain('secret');
  });

  it('refuses a file that is not YAML, an empty list and unknown fields', () => {
    expect(problems('clusters: [')[0]).toMatch(/^MEMDASH_CLUSTERS: not YAML/);
    expect(problems('clusters: []')).toEqual(['MEMDASH_CLUSTERS: clusters: must name at least one cluster']);
    expect(problems('clusters: [{name: a, server: x}]')[0]).toMatch(/^MEMDASH_CLUSTERS: clusters\[0\] \(a\): the entry: /);
    expect(problems('a: &x [1]\nclusters: [{name: a}]\nb: *x')[0]).toMatch(/^MEMDASH_CLUSTERS: /);
  });

  it('a label matcher is one matcher, so it cannot end a selector and start another', () => {
    expect(problems(`clusters: [{name: a, prometheus: {matcher: 'cluster="a"} or vector(1) # '}}]`)[0]).toMatch(
      /prometheus\.matcher: must be one label matcher/,
    );
  });
});

describe('one cluster without the file', () => {
  it('is named by MEMDASH_CLUSTER_NAME, else after its context', () => {
    expect(singleCluster(loadSettings({ MEMDASH_CLUSTER_NAME: 'prd' }), 'x').defaultName).toBe('prd');
    expect(singleCluster(s, 'kubernetes-admin@kubernetes').defaultName).toBe('kubernetes-admin-kubernetes');
    expect(nameFromContext(undefined)).toBe('default');
    expect(nameFromContext('@@@')).toBe('default');
    expect(nameFromContext('x'.repeat(70) + '-y')).toHaveLength(63);
  });
});
