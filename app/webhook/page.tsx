import type { Metadata } from 'next';
import { WebhookHealthView } from '@/components/webhook/WebhookHealthView';
import { settings } from '@/lib/config';

export const metadata: Metadata = { title: 'Webhook health · memdash' };
export const dynamic = 'force-dynamic';

/** Is pod creation safe? Kyverno's pod webhook, its admission controller and the probe, refreshed live. */
export default function WebhookPage() {
  const s = settings();
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Webhook health</h1>
      <WebhookHealthView
        guarded={[s.kyvernoNamespace, ...s.bootstrapNamespaces].join(', ')}
        table={`${s.kyvernoNamespace}/${s.tableConfigMap}`}
      />
    </div>
  );
}
