import 'server-only';
import { cookies } from 'next/headers';
import { settings } from '@/lib/config';
import { THEME_COOKIE, themeChoice } from '@/lib/client/theme';

/** What every page's header shows whatever the cluster (components/shell/SiteHeader.tsx): the switches' settings. */
export async function headerOfPage() {
  const s = settings();
  return {
    theme: themeChoice((await cookies()).get(THEME_COOKIE)?.value),
    auth: s.auth,
    openOnNetwork: s.authNoneOnNetwork === 'on',
  };
}
