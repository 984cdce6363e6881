import type { Metadata } from 'next';
import { cache } from 'react';
import { webhookTitle } from '@/components/webhook/title';
import { WebhookHealthView } from '@/components/webhook/WebhookHealthView';
import { settings } from '@/lib/config';
import { rightsOfPage } from '@/lib/http/viewer';
import { attempt } from '@/lib/views/part';
import { readWebhookHealth } from '@/lib/views/webhook-health';

export const dynamic = 'force-dynamic';

// Read here so the state and the panels are in the HTML; the page refreshes them from the browser from then on.
// Should this read fail as a whole, the page arrives empty and the browser's first refresh says why, as before.
// One read per request, shared by the title and the page.
const firstRead = cache(() => attempt(async () => readWebhookHealth(await rightsOfPage())));

export async function generateMetadata(): Promise<Metadata> {
  const first = await firstRead();
  return { title: webhookTitle(first.ok && first.value.state.ok ? first.value.state.value.code : undefined) };
}

/** Is pod creation safe? Kyverno's pod webhook, its admission controller and the probe, refreshed live. */
export default async function WebhookPage() {
  const s = settings();
  const first = await firstRead();
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
