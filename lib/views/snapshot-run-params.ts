import { AppError } from '@/lib/http/errors';
import { objectName } from '@/lib/k8s/names';

/** A run's Job name from a URL, checked before it goes into any call. */
export function jobParam(raw: string): string {
  const parsed = objectName.safeParse(decodeURIComponent(raw));
  if (!parsed.success) throw new AppError('invalid-name', `Not a Job name: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}
