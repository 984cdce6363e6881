import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { settings } from '@/lib/config';
import { Providers } from '@/components/shell/Providers';
import { THEME_COOKIE, themeChoice } from '@/lib/client/theme';
import './globals.css';

export const metadata: Metadata = {
  title: 'memdash',
  description: "Why a pod has its memory request: Kyverno's table, the webhook, and the evidence",
  icons: { icon: '/favicon.svg' },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = themeChoice((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={theme === 'system' ? undefined : theme}>
      <body>
        <a href="#main" className="sr-only rounded bg-white px-2 py-1 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
          Skip to content
        </a>
        {/* the same for everyone: whether this person may is /api/access's answer, never part of a shared page */}
        <Providers sessionWrites={settings().auth === 'oidc' && settings().writeAsUser === 'on'}>
          {/* the header and <main> are each page's: a cluster's (app/c/[cluster]/layout.tsx) or the fleet's */}
          {children}
        </Providers>
      </body>
    </html>
  );
}
