import type { Metadata } from 'next';
import { cache } from 'react';
import { webhookTitle } from '@/components/webhook/title';
import { WebhookHealthView } from '@/components/webhook/WebhookHealthView';
import type { Cluster } from '@/lib/cluster/cluster';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage } from '@/lib/http/viewer';
import { attempt } from '@/lib/views/part';
import { readWebhookHealth } from '@/lib/views/webhook-health';

export const dynamic = 'force-dynamic';

// Read here so the state and the panels are in the HTML; the page refreshes them from the browser from then on.
// Should this read fail as a whole, the page arrives empty and the browser's first refresh says why, as before.
// One read per request and cluster, shared by the title and the page.
const firstRead = cache((cluster: Cluster) => attempt(async () => readWebhookHealth(cluster, await rightsOfPage())));

type Props = { params: Promise<{ cluster: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const first = await firstRead(clusterOfPage(await params));
  return { title: webhookTitle(first.ok && first.value.state.ok ? first.value.state.value.code : undefined) };
}

/** Is pod creation safe? Kyverno's pod webhook, its admission controller and the probe, refreshed live. */
export default async function WebhookPage({ params }: Props) {
  const cluster = clusterOfPage(await params);
  const s = cluster.facts;
  const first = await firstRead(cluster);
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Webhook health</h1>
      <WebhookHealthView
        guarded={[s.kyvernoNamespace, ...s.bootstrapNamespaces].join(', ')}
        table={`${s.kyvernoNamespace}/${s.tableConfigMap}`}
        initial={first.ok ? first.value : undefined}
      />
    </div>
  );
}
