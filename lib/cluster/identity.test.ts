import { describe, expect, it } from 'vitest';
import { identityIn } from './identity';
import { acrossClusters, clusterOfPath, pathInCluster } from './paths';

const ada = { user: 'oidc:ada', groups: ['oidc:sre', 'oidc:platform'], email: 'ada@example.com' };
const server = { usernamePrefix: 'oidc:', groupsPrefix: 'oidc:' };

describe('a person as each cluster names them', () => {
  it('is the same person where the cluster maps the provider as memdash does', () => {
    expect(identityIn(ada, server, { ...server })).toBe(ada);
  });

  it('takes the cluster’s prefixes in place of memdash’s', () => {
    expect(identityIn(ada, server, { usernamePrefix: '', groupsPrefix: 'corp:' })).toEqual({
      user: 'ada',
      groups: ['corp:sre', 'corp:platform'],
      email: 'ada@example.com',
    });
    expect(identityIn({ user: 'ada', groups: ['sre'] }, { usernamePrefix: '', groupsPrefix: '' }, server)).toEqual({
      user: 'oidc:ada',
      groups: ['oidc:sre'],
    });
  });
});

describe('the cluster a path is about', () => {
  const prd = { name: 'prd' };
  const stg = { name: 'stg' };
  const all = {
    all: [prd, stg],
    defaultCluster: prd,
    named: (name: string) => [prd, stg].find((c) => c.name === name),
  } as never;

  it('is the /c/ segment’s, the default elsewhere, and none for a name memdash does not read', () => {
    expect(clusterOfPath('/c/stg/pods', all)).toBe(stg);
    expect(clusterOfPath('/c/stg', all)).toBe(stg);
    expect(clusterOfPath('/c/stg/api/pods/shop/x/explanation', all)).toBe(stg);
    expect(clusterOfPath('/pods', all)).toBe(prd);
    expect(clusterOfPath('/c/nowhere/pods', all)).toBeUndefined();
    expect(clusterOfPath('/c/', all)).toBeUndefined();
    expect(clusterOfPath('/cc/stg', all)).toBe(prd);
  });

  it('names a path inside its cluster as today’s URLs did, and leaves any other path as it is', () => {
    expect(pathInCluster('/c/stg/api/pods')).toBe('/api/pods');
    expect(pathInCluster('/c/stg/pods/shop/web-1')).toBe('/pods/shop/web-1');
    expect(pathInCluster('/c/stg')).toBe('/');
    expect(pathInCluster('/c/stg/')).toBe('/');
    expect(pathInCluster('/api/viewer')).toBe('/api/viewer');
    expect(pathInCluster('/c/')).toBe('/c/');
    expect(pathInCluster('/cc/stg/api/pods')).toBe('/cc/stg/api/pods');
  });

  it('the fleet and the search are about every cluster, once there is more than one', () => {
    expect(acrossClusters('/', all)).toBe(true);
    expect(acrossClusters('/api/fleet', all)).toBe(true);
    expect(acrossClusters('/api/search', all)).toBe(true);
    expect(acrossClusters('/c/prd/', all)).toBe(false);
    expect(acrossClusters('/', { all: [prd] } as never)).toBe(false);
  });

  it('a workload across clusters asks the rights in every cluster; the workload page and its other APIs do not', () => {
    expect(acrossClusters('/c/stg/api/workloads/shop/web/across', all)).toBe(true);
    expect(acrossClusters('/c/stg/api/workloads/shop/web/memory', all)).toBe(false);
    expect(acrossClusters('/c/stg/workloads/shop/web', all)).toBe(false);
    expect(acrossClusters('/c/stg/api/workloads/shop/web/across/x', all)).toBe(false);
    expect(acrossClusters('/c/stg/api/workloads/shop/web/across', { all: [prd] } as never)).toBe(false);
  });
});
