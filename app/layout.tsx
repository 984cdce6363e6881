import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { Link } from '@/components/ui/Link';
import type { ReactNode } from 'react';
import { ClusterStatus } from '@/components/shell/ClusterStatus';
import { PodCreationStatus } from '@/components/shell/PodCreationStatus';
import { SignInStatus } from '@/components/shell/SignInStatus';
import { settings } from '@/lib/config';
import { JumpToPod } from '@/components/shell/JumpToPod';
import { Providers } from '@/components/shell/Providers';
import { SiteNav } from '@/components/shell/SiteNav';
import { HeaderBar } from '@/components/shell/HeaderBar';
import { navigationOfPage } from '@/lib/http/viewer';
import { ThemeSwitch } from '@/components/shell/ThemeSwitch';
import { TimeZoneSwitch } from '@/components/shell/TimeZone';
import { THEME_COOKIE, themeChoice } from '@/lib/client/theme';
import './globals.css';

export const metadata: Metadata = {
  title: 'memdash',
  description: "Why a pod has its memory request: Kyverno's table, the webhook, and the evidence",
  icons: { icon: '/favicon.svg' },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = themeChoice((await cookies()).get(THEME_COOKIE)?.value);
  const pages = await navigationOfPage();
  return (
    <html lang="en" data-theme={theme === 'system' ? undefined : theme}>
      <body>
        <a href="#main" className="sr-only rounded bg-white px-2 py-1 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
          Skip to content
        </a>
        {/* the same for everyone: whether this person may is /api/access's answer, never part of a shared page */}
        <Providers sessionWrites={settings().auth === 'oidc' && settings().writeAsUser === 'on'}>
          <header className="border-b border-zinc-300 bg-white px-4 py-2">
            <HeaderBar
              home={
                <Link href="/" className="font-semibold text-zinc-900">
                  memdash
                </Link>
              }
              pill={<PodCreationStatus />}
            >
              <SiteNav pages={pages} />
              <div className="flex flex-col gap-x-4 gap-y-2 md:ml-auto md:flex-row md:flex-wrap md:items-center">
                <JumpToPod pages={pages} />
                <ClusterStatus />
                <TimeZoneSwitch />
                <ThemeSwitch initial={theme} />
                <SignInStatus mode={settings().auth} openOnNetwork={settings().authNoneOnNetwork === 'on'} />
              </div>
            </HeaderBar>
          </header>
          <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-4 outline-none">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
