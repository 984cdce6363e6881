import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ClusterStatus } from '@/components/ClusterStatus';
import { JumpToPod } from '@/components/JumpToPod';
import { Providers } from '@/components/Providers';
import { NAVIGATION } from '@/lib/routes';
import './globals.css';

export const metadata: Metadata = {
  title: 'memdash',
  description: "Why a pod has its memory request: Kyverno's table, the webhook, and the evidence",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>
          <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-zinc-300 bg-white px-4 py-2">
            <Link href="/" className="font-semibold text-zinc-900">
              memdash
            </Link>
            <nav className="flex flex-wrap gap-x-3">
              {NAVIGATION.map((page) => (
                <Link key={page.href} href={page.href}>
                  {page.label}
                </Link>
              ))}
            </nav>
            <div className="ml-auto flex flex-wrap items-center gap-x-4 gap-y-1">
              <JumpToPod />
              <ClusterStatus />
            </div>
          </header>
          <main className="mx-auto max-w-6xl px-4 py-4">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
