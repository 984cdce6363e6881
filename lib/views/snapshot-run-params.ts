import { AppError } from '@/lib/errors';
import { objectName } from '@/lib/k8s/names';

/** A run's Job name from a URL (Next has decoded it once: a second decoding would throw on "%" or read "%61" as "a"). */
export function jobParam(raw: string): string {
  const parsed = objectName.safeParse(raw);
  if (!parsed.success) throw new AppError('invalid-name', `Not a Job name: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}
