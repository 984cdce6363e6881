import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { noteServerBack, noteServerLost, serverReturn, writesTo } from './api-server-back';

const SERVER = 'https://10.0.0.1:6443';
/** A cluster's read credential: two clusters may name the same server (two contexts of one API server). */
function credential(user: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server: SERVER, skipTLSVerify: false }],
    users: [{ name: user, token: `${user}-token` }],
    contexts: [{ name: 'c', cluster: 'c', user }],
    currentContext: 'c',
  });
  return kc;
}

describe("the API server lost and back, as each cluster's watches see it", () => {
  it("one cluster's lost watch says nothing of another cluster's calls to the same address", () => {
    const [prd, stg] = [credential('prd'), credential('stg')];
    noteServerLost(prd, SERVER, 1_000);
    expect(serverReturn(prd, `${SERVER}/api/v1/pods`, 30_000, 2_000)).toEqual({ lost: 1_000 });
    expect(serverReturn(stg, `${SERVER}/api/v1/pods`, 30_000, 2_000)).toBeNull();
    noteServerBack(prd, SERVER, 3_000);
    expect(serverReturn(prd, SERVER, 30_000, 4_000)).toEqual({ back: 1_000 });
    expect(serverReturn(stg, SERVER, 30_000, 4_000)).toBeNull();
  });

  it("a write's credential sees what the watches of the cluster it writes to saw", () => {
    const [read, write] = [credential('reader'), credential('operator')];
    writesTo(write, read);
    noteServerLost(read, SERVER, 1_000);
    noteServerBack(read, SERVER, 5_000);
    expect(serverReturn(write, SERVER, 30_000, 6_000)).toEqual({ back: 1_000 });
  });
});
