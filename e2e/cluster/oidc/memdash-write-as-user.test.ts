// MEMDASH_WRITE_AS_USER=on against our OpenID Provider and the API server that trusts it: a signed-in person who
// pastes nothing writes with their own ID token, kept sealed in memdash's cookie. platform-operator (bound as the
// harness's `operator`, prd-write) runs the snapshot; shop-reader is refused by the cluster's RBAC in its own words;
// a pasted credential wins over the session's; an ended ID token is refused, saying to sign in again.
// The write is the snapshot run, with the snapshot's Prometheus failing: the Job is created (the write under test)
// but its runs cannot rewrite the table, and it is deleted when the file ends.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSession } from '@/lib/auth/session';
import { openWriteToken, sealWriteToken } from '@/lib/auth/write-token';
import { kubeconfig, putTableData, kubectl } from '../../../test/integration/cluster.ts';
import { KYVERNO, requireNoActiveRun, snapshotMode, tableData } from '../../../test/integration/write-harness.ts';
import type { RunningMemdash } from '../../../test/security/server.ts';
import { readState } from '../lib/state.ts';
import { launchChromium } from './chromium.ts';
import { claimsOf, signInAs } from './code-flow.ts';
import { signedInPage, startOidcMemdash } from './memdash-oidc.ts';
import type { Account } from './provider.ts';

const key = randomBytes(32);
let memdash: RunningMemdash;
let browser: Browser;
const base = () => `http://127.0.0.1:${memdash.port}`;
const table = tableData();
/** The Jobs this file's runs created. */
const created: string[] = [];

beforeAll(async () => {
  requireNoActiveRun();
  snapshotMode('prometheus-fails');
  memdash = await startOidcMemdash(key, { MEMDASH_WRITE_AS_USER: 'on', MEMDASH_AUDIT_GROUP: 'platform-operators' });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await memdash?.stop();
  if (created.length > 0) kubectl(['-n', KYVERNO, 'delete', 'job', '--ignore-not-found', ...created], 'admin');
  snapshotMode('normal');
  // the runs could not reach Prometheus, so this is only in case one did: the other tests read the seeded table
  if (table && JSON.stringify(tableData()) !== JSON.stringify(table)) putTableData(table);
});

interface AuditRecords {
  records: Array<{
    action: string;
    actor: string;
    signedIn?: string;
    credential?: string;
    target: string;
    outcome: string;
    detail: string | null;
  }>;
}
type ErrorBody = { error: { code: string; message: string } };
const CHECKS = { checks: [{ verb: 'create', group: 'batch', resource: 'jobs', namespace: KYVERNO }] };

async function signedIn(account: Account) {
  const { context, page } = await signedInPage(browser, base(), account);
  const post = (path: string, data: object, headers: Record<string, string> = {}) =>
    page.request.post(`${base()}${path}`, { headers: { origin: base(), ...headers }, data });
  return { context, page, post };
}

describe('memdash with MEMDASH_WRITE_AS_USER=on', () => {
  it('runs the snapshot as platform-operator with their own ID token, pasting nothing, and audits them', async () => {
    const { context, page } = await signedInPage(browser, base(), 'platform-operator', '/c/local/snapshot/runs');
    // the token is kept sealed (a JWE with memdash's key), HttpOnly, and is the provider's ID token for them
    const cookie = (await context.cookies(base())).find((c) => c.name === 'memdash-write');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie!.value.split('.')).toHaveLength(5);
    const kept = await openWriteToken(cookie!.value, new Uint8Array(key), new Date());
    const idToken = kept && 'idToken' in kept ? kept.idToken : '';
    expect(claimsOf(idToken)).toMatchObject({ sub: 'platform-operator', groups: ['platform-operators'] });

    const access = await page.request.post(`${base()}/c/local/api/access`, { headers: { origin: base() }, data: CHECKS });
    expect(await access.json()).toMatchObject({
      actor: 'platform-operator',
      credential: 'session',
      answers: [{ allowed: true, text: `may create jobs in ${KYVERNO}` }],
    });
    // the page says who will write, and its button runs it with nothing pasted
    const box = page.getByTestId('run-snapshot-now');
    await expect
      .poll(() => box.getByTestId('write-as-you').textContent(), { timeout: 30_000 })
      .toMatch(/^Writing as you, platform-operator \(your sign-in\)/);
    expect(await box.getByTestId('access-answers').textContent()).toContain(`platform-operator may create jobs in ${KYVERNO}`);
    await box.getByRole('button', { name: 'Run the snapshot now' }).click();
    await page.waitForURL(/\/snapshot\/runs\/memory-snapshot-[^/?#]+$/);
    const job = new URL(page.url()).pathname.split('/').pop()!;
    created.push(job);
    expect(kubectl(['-n', KYVERNO, 'get', 'job', job, '-o', 'name'], 'admin').trim()).toBe(`job.batch/${job}`);

    const audit = (await (await page.request.get(`${base()}/c/local/api/audit?limit=1`)).json()) as AuditRecords;
    expect(audit.records[0]).toMatchObject({
      action: 'snapshot.run',
      actor: 'platform-operator',
      signedIn: 'platform-operator',
      credential: 'session',
      target: `${KYVERNO}/job/${job}`,
      outcome: 'success',
    });
    // never in an answer or the server's log
    expect(JSON.stringify(audit) + (await page.content()) + memdash.output()).not.toContain(idToken.split('.')[2]);
    await context.close();
  });

  it("refuses shop-reader's own write with the cluster's 403, as the cluster worded it", async () => {
    const { context, post } = await signedIn('shop-reader');
    const access = await post('/c/local/api/access', CHECKS);
    expect(await access.json()).toMatchObject({ actor: 'shop-reader', credential: 'session', answers: [{ allowed: false }] });
    const run = await post('/c/local/api/snapshot/runs', {});
    expect(run.status()).toBe(403);
    const { error } = (await run.json()) as ErrorBody;
    expect(error.message).toMatch(/User "shop-reader" cannot get resource "cronjobs" in API group "batch" in the namespace "kyverno-prd"/);
    await context.close();
    const operator = await signedIn('platform-operator');
    const audit = (await (await operator.page.request.get(`${base()}/c/local/api/audit?limit=1`)).json()) as AuditRecords;
    expect(audit.records[0]).toMatchObject({
      action: 'snapshot.run',
      actor: 'shop-reader',
      signedIn: 'shop-reader',
      credential: 'session',
      outcome: 'refused',
    });
    await operator.context.close();
  });

  it("uses a pasted credential over the session's own token", async () => {
    const { context, page, post } = await signedIn('platform-operator');
    const shop = await signInAs(readState()!, 'shop-reader');
    const access = await post('/c/local/api/access', CHECKS, { authorization: `Bearer ${shop.idToken}` });
    expect(await access.json()).toMatchObject({ actor: 'shop-reader', credential: 'pasted', answers: [{ allowed: false }] });
    // the write itself goes with the pasted token, and its record says the credential was pasted, not the sign-in's
    const run = await post('/c/local/api/snapshot/runs', {}, { authorization: `Bearer ${shop.idToken}` });
    expect(run.status()).toBe(403);
    const audit = (await (await page.request.get(`${base()}/c/local/api/audit?limit=1`)).json()) as AuditRecords;
    expect(audit.records[0]).toMatchObject({
      action: 'snapshot.run',
      actor: 'shop-reader',
      signedIn: 'platform-operator',
      credential: 'pasted',
      outcome: 'refused',
    });
    await context.close();
  });

  /** A POST (the snapshot run, or the access check) with a session and a write cookie sealed here: its status and body. */
  async function runWith(
    session: { sid: string; idTokenExpiresAt: number },
    token: { sid: string; idTokenExpiresAt: number },
    path = '/c/local/api/snapshot/runs',
    body: object = {},
  ) {
    const now = new Date();
    const tokens = await signInAs(readState()!, 'platform-operator');
    const ends = now.getTime() + 3600_000;
    const who = { user: 'platform-operator', groups: ['platform-operators'] };
    const cookie = [
      `memdash-session=${await sealSession({ ...who, ...session, expiresAt: ends }, new Uint8Array(key), now)}`,
      `memdash-write=${await sealWriteToken({ user: who.user, idToken: tokens.idToken, ...token }, new Uint8Array(key), now, ends)}`,
    ].join('; ');
    const run = await fetch(`${base()}${path}`, {
      method: 'POST',
      headers: { cookie, origin: base(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await run.json()) as ErrorBody & { actor?: string; credential?: string };
    return { status: run.status, error: answer.error, answer };
  }

  it('refuses an ID token that has ended, or is about to, saying to reload or sign in again', async () => {
    const sid = 'ended-token-session-1';
    const ended = Date.now() - 1000;
    // ended: the gate refuses the session itself, with the code the page renews on
    const gone = await runWith({ sid, idTokenExpiresAt: ended }, { sid, idTokenExpiresAt: ended });
    expect(gone.status).toBe(401);
    expect(gone.error.code).toBe('sign-in-ended');
    expect(gone.error.message).toMatch(/reload the page \(memdash renews your sign-in\) or sign in again/);
    // seconds from its end: the session still reads, but a write would reach the API server after the token ended
    const soon = Date.now() + 8000;
    const closing = await runWith({ sid, idTokenExpiresAt: soon }, { sid, idTokenExpiresAt: soon });
    expect(closing.status).toBe(401);
    expect(closing.error.message).toMatch(
      /^Your sign-in's ID token ended at .*: reload the page \(memdash renews your sign-in\) or sign in again/,
    );
  });

  it("refuses a write cookie issued with another of the same person's sessions", async () => {
    const live = Date.now() + 3600_000;
    const [now, before] = ['the-session-signed-in-now', 'a-session-signed-out-before'];
    const other = await runWith({ sid: now, idTokenExpiresAt: live }, { sid: before, idTokenExpiresAt: live });
    expect(other.status).toBe(401);
    expect(other.error.message).toMatch(/issued with another sign-in than this one: sign in again/);
    // the same token beside its own session is taken (the access check, which asks the cluster and writes nothing)
    const own = await runWith({ sid: now, idTokenExpiresAt: live }, { sid: now, idTokenExpiresAt: live }, '/c/local/api/access', CHECKS);
    expect([own.status, own.answer.actor, own.answer.credential]).toEqual([200, 'platform-operator', 'session']);
  });
});

describe('memdash with MEMDASH_WRITE_AS_USER=on, for a cluster whose API server does not trust the sign-in', () => {
  let untrusting: RunningMemdash;

  beforeAll(async () => {
    // the same local cluster, named in MEMDASH_CLUSTERS as one whose API server does not trust memdash's provider
    const dir = mkdtempSync(join(tmpdir(), 'memdash-untrusting-'));
    const file = join(dir, 'clusters.yaml');
    writeFileSync(
      file,
      `clusters:\n  - name: stage\n    kubeconfig: ${JSON.stringify(kubeconfig('viewer'))}\n    identity: { writeAsUser: false }\n`,
    );
    untrusting = await startOidcMemdash(key, { MEMDASH_WRITE_AS_USER: 'on', MEMDASH_CLUSTERS: file });
  }, 180_000);

  afterAll(async () => {
    await untrusting?.stop();
  });

  it('refuses to write as the signed-in person there, naming the cluster, before any cluster call', async () => {
    const at = `http://127.0.0.1:${untrusting.port}`;
    const { context, page } = await signedInPage(browser, at, 'platform-operator');
    const jobsBefore = kubectl(['-n', KYVERNO, 'get', 'jobs', '-o', 'name'], 'admin');
    const run = await page.request.post(`${at}/api/snapshot/runs`, { headers: { origin: at }, data: {} });
    expect(run.status()).toBe(401);
    const { error } = (await run.json()) as ErrorBody;
    expect(error.message).toContain("cluster stage's API server does not trust memdash's sign-in");
    expect(kubectl(['-n', KYVERNO, 'get', 'jobs', '-o', 'name'], 'admin')).toBe(jobsBefore);
    await context.close();
  });
});
