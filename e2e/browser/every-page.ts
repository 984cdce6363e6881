// Every page of memdash that needs no name from the cluster, each answering 200: the browser specs open them all
// (axe, phones, dark), and the deployment group opens them with the Helm chart's ServiceAccount token alone.
export const EVERY_PAGE = [
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
