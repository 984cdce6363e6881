// The security headers in a real Chromium: the Content-Security-Policy must not break a page (Next's inline scripts,
// the charts' styles), and another site must not be able to frame memdash.
import { expect, test } from '@playwright/test';
import { JumpDialog } from './pod-page';

const PAGES = ['/', '/pods', '/webhook', '/table', '/table/snapshots', '/workloads/payments/api'];

test('every page works under the Content-Security-Policy, with no violation reported', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`${page.url()}: ${error.message}`));
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
  }
  // hydrated: client components answer (the jump box opens on Ctrl/Cmd-K)
  await page.goto('/pods');
  const jump = new JumpDialog(page);
  await jump.open();
  await jump.input.fill('debug-shell');
  await expect(jump.options.first()).toContainText('development/debug-shell');
  expect(violations).toEqual([]);
});

test('another site cannot frame memdash (frame-ancestors none, X-Frame-Options DENY)', async ({ page, baseURL }) => {
  const blocked: string[] = [];
  page.on('console', (message) => blocked.push(message.text()));
  await page.setContent(`<iframe id="f" src="${baseURL}/webhook" width="800" height="600"></iframe>`);
  await page.waitForTimeout(1500);
  const frame = page.frames().find((f) => f.url().startsWith(`${baseURL}/webhook`));
  // blocked, the frame shows Chromium's error page, not memdash's URL; a frame at memdash's URL must be read, not guessed
  const framedText = frame ? await frame.evaluate(() => document.body?.innerText ?? '') : '';
  expect(framedText).not.toContain('webhook');
  expect(blocked.join('\n')).toMatch(/frame-ancestors|X-Frame-Options|refused to connect/i);
});
