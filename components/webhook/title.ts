import type { WebhookStateCode } from '@/lib/domain';

/** The tab's title: the state first, so a tab left open in an incident says it without being looked at. */
export function webhookTitle(code: WebhookStateCode | undefined): string {
  return code ? `${code === 'healthy' ? 'healthy' : code.toUpperCase()} · Webhook health · memdash` : 'Webhook health · memdash';
}
