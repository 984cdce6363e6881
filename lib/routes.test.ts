import { describe, expect, it } from 'vitest';
import { clusterHref, incidentHref, NAVIGATION, pathInCluster, podHref, podsHref, workloadMemoryUrl } from './routes';

describe('the links to one cluster’s pages and APIs', () => {
  it('put the path under /c/{cluster}, the name encoded', () => {
    expect(clusterHref('prd', '/pods')).toBe('/c/prd/pods');
    expect(clusterHref('prd', '/')).toBe('/c/prd');
    expect(clusterHref('a/b?c', '/api/table')).toBe('/c/a%2Fb%3Fc/api/table');
    expect(podHref('stg', 'shop', 'web 1')).toBe('/c/stg/pods/shop/web%201');
    expect(podsHref('stg', { namespace: 'shop', name: '' }, 50)).toBe('/c/stg/pods?namespace=shop&limit=50');
    expect(workloadMemoryUrl('stg', 'shop', 'web', '7d')).toBe('/c/stg/api/workloads/shop/web/memory?range=7d');
    expect(incidentHref('prd', 'i-1')).toBe('/c/prd/incidents/i-1');
  });

  it('name the navigation as paths in a cluster, which a link joins to its cluster', () => {
    for (const page of NAVIGATION) {
      expect(page.href.startsWith('/c/')).toBe(false);
      expect(pathInCluster(clusterHref('prd', page.href))).toBe(page.href);
    }
  });
});
