// Every page opened in headless Chromium (Debian's, as the browser tests use it), as a first visit with an empty cache:
// its largest contentful paint, and the JavaScript it loads gzipped (each script compressed here with gzip -6, so the
// figure does not depend on whether a proxy compresses). Run by hand: `node bench/pages.ts [runs]` (first visits of
// each page; 5 by default).
// Needs the local cluster (npm run cluster:up) and a `next build`; MEMDASH_URL reuses a running memdash instead.
// Targets (issue 14): LCP ≤ 1.2 s on every page; first-load JavaScript ≤ 250 KB gzipped per page.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { bin, kubeconfigPath } from '../e2e/cluster/lib/paths.ts';
import { percentile, startMemdash, stopMemdash, waitForCaches } from './harness.ts';
import { atMost } from './figures.ts';

const RUNS = Number(process.argv[2] ?? 5);
const LCP_LIMIT_MS = 1200;
const JS_LIMIT_KB = 250;

function aPod(namespace: string, selector: string): string {
  const name = execFileSync(
    bin('kubectl'),
    [
      `--kubeconfig=${kubeconfigPath('viewer')}`,
      '-n',
      namespace,
      'get',
      'pods',
      '-l',
      selector,
      '-o',
      'jsonpath={.items[0].metadata.name}',
    ],
    { encoding: 'utf8' },
  );
  if (!name) throw new Error(`no pod in ${namespace} with ${selector}: the local cluster's scenario is not loaded`);
  return `/pods/${namespace}/${name}`;
}

// How long a visit waits for the network to go quiet after the load event.
const IDLE_WAIT_MS = 10_000;

const PAGES = [
  '/',
  '/pods',
  aPod('payments', 'app.kubernetes.io/name=api'),
  '/workloads',
  '/workloads/payments/api',
  '/table',
  '/table/snapshots',
  '/table/diff',
  '/table/preview',
  '/table/restore',
  '/webhook',
  '/break-glass',
  '/snapshot/runs',
  '/audit',
];

interface Visit {
  lcpMs: number;
  /** The element Chromium took as the largest paint, and the start of its text. */
  lcpElement: string;
  /** The scripts the page's HTML names (Next's "first load"): what runs before the page is interactive. */
  jsGzipBytes: number;
  /** Every script loaded until the network is idle, the lazily loaded ones (the chart library) too. */
  allJsGzipBytes: number;
}

/** The script URLs the HTML names, absolute. */
function scriptsOf(html: string, base: string): Set<string> {
  return new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&'), base).href));
}

/** One first visit: a fresh context (no cache), the page settled, its LCP as Chromium reports it. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts: Array<Promise<{ url: string; bytes: number }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sized = (body: Buffer) => ({ url: response.url(), bytes: gzipSync(body, { level: 6 }).length });
    scripts.push(response.body().then(sized, () => ({ url: response.url(), bytes: 0 })));
  });
  const document = await page.goto(url, { waitUntil: 'load' });
  // A page that streams is never idle: /workloads' "p90 now" follows the preview, which at --scale 20000 reads for
  // longer than a visit lasts. Its scripts have loaded long before this bound; what is still open is that stream.
  const idle = await page.waitForLoadState('networkidle', { timeout: IDLE_WAIT_MS }).then(
    () => true,
    () => false,
  );
  if (!idle) console.log(`  ${new URL(url).pathname}: still streaming ${IDLE_WAIT_MS / 1000} s after load (measured as it stood)`);
  const named = scriptsOf((await document?.text()) ?? '', url);
  const { lcpMs, lcpElement } = await page.evaluate(
    () =>
      new Promise<{ lcpMs: number; lcpElement: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          const e = last.element;
          const what = e ? `<${e.tagName.toLowerCase()}> ${(e.textContent ?? '').trim().slice(0, 40)}` : '(gone)';
          resolve({ lcpMs: last.startTime, lcpElement: what });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ lcpMs: NaN, lcpElement: '(none)' }), 3000); // no contentful paint at all
      }),
  );
  const loaded = await Promise.all(scripts);
  const sum = (list: typeof loaded) => list.reduce((total, s) => total + s.bytes, 0);
  await context.close();
  return { lcpMs, lcpElement, jsGzipBytes: sum(loaded.filter((s) => named.has(s.url))), allJsGzipBytes: sum(loaded) };
}

const server = await startMemdash();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
let worstLcp = 0;
let worstJs = 0;
try {
  console.log(`caches synced in ${(await waitForCaches(server)).toFixed(1)} s`);
  await visit(browser, `${server.url}/`); // warm up: the browser's own start
  // BENCH_PAGES=/pods,/workloads measures only those
  const only = process.env.BENCH_PAGES?.split(',');
  const paths = PAGES.filter((p) => !only || only.includes(p));
  // Round after round, every page once in each: a few busy seconds on the shared machine (the cluster beside it)
  // then slow one visit of several pages, not every visit of one page.
  const visitsOf = new Map<string, Visit[]>(paths.map((p) => [p, []]));
  for (let i = 0; i < RUNS; i++) for (const path of paths) visitsOf.get(path)!.push(await visit(browser, `${server.url}${path}`));
  for (const [path, visits] of visitsOf) {
    const lcp = percentile(
      visits.map((v) => v.lcpMs),
      50,
    );
    const js = Math.max(...visits.map((v) => v.jsGzipBytes)) / 1024;
    const all = Math.max(...visits.map((v) => v.allJsGzipBytes)) / 1024;
    worstLcp = Math.max(worstLcp, lcp);
    worstJs = Math.max(worstJs, js);
    console.log(
      `${path.padEnd(40)} LCP median ${lcp.toFixed(0).padStart(5)} ms   first-load JS ${js.toFixed(0).padStart(4)} KB gzipped (${all.toFixed(0)} KB with what loads later); largest paint ${visits[0]!.lcpElement}`,
    );
  }
} finally {
  await browser.close();
  stopMemdash(server);
}
atMost('largest contentful paint, worst page (median of its visits)', Math.round(worstLcp), 'ms', LCP_LIMIT_MS);
atMost('first-load JavaScript gzipped, largest page', Math.round(worstJs), 'KB', JS_LIMIT_KB);
