'use client';

import { useState } from 'react';
import { THEME_COOKIE, type ThemeChoice } from '@/lib/client/theme';

/**
 * System, light or dark. The choice is a cookie the server renders into <html data-theme>, so the next page comes
 * dark from its first byte (no flash); "system" removes it and the CSS follows prefers-color-scheme.
 */
export function ThemeSwitch({ initial }: { initial: ThemeChoice }) {
  const [choice, setChoice] = useState<ThemeChoice>(initial);
  function choose(next: ThemeChoice) {
    setChoice(next);
    const root = document.documentElement;
    if (next === 'system') {
      delete root.dataset.theme;
      document.cookie = `${THEME_COOKIE}=; path=/; max-age=0; samesite=lax`;
    } else {
      root.dataset.theme = next;
      document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    }
  }
  return (
    <label className="flex items-center gap-1 text-zinc-700">
      <span className="sr-only sm:not-sr-only">Theme</span>
      <select
        value={choice}
        onChange={(e) => choose(e.target.value as ThemeChoice)}
        className="rounded border border-zinc-300 bg-white px-1 py-0.5"
        data-testid="theme-switch"
      >
        <option value="system">system</option>
        <option value="light">light</option>
        <option value="dark">dark</option>
      </select>
    </label>
  );
}
