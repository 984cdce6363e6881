// Every page of memdash that needs no name from the cluster, each answering 200: the browser specs open them all
// (axe, phones, dark), and the deployment group opens them with the Helm chart's ServiceAccount token alone.
/** The cluster's name the browser run gives memdash (playwright.config.ts): its pages are under /c/local/. */
export const E2E_CLUSTER = 'local';

/** The pages as today's URLs named them (a bookmark, the CLI's links): memdash sends each on to the default cluster. */
export const EVERY_PAGE_AS_BOOKMARKED = [
  '/',
  '/pods',
  '/pods?verdict=differs',
  '/table',
  '/table/snapshots',
  '/table/diff',
  '/table/preview',
  '/table/restore',
  '/workloads',
  '/workloads/payments/api',
  '/webhook',
  '/break-glass',
  '/break-glass/drill',
  '/lifecycle',
  '/incidents',
  '/snapshot/runs',
  '/snapshot/override',
  '/audit',
];

/** Every page at its place in the cluster; `/` is the default cluster's home (the fleet's, with several). */
export const EVERY_PAGE = EVERY_PAGE_AS_BOOKMARKED.map((path) => (path === '/' ? `/c/${E2E_CLUSTER}` : `/c/${E2E_CLUSTER}${path}`));
