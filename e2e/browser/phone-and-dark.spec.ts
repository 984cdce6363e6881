// The phone and the dark screen at 3 a.m.: /pods as cards with the verdict first, targets a finger can hit, and
// caution that stays amber beside danger's red, each readable (WCAG AA) in light and dark.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { kubectlJson } from '../../test/integration/cluster';
import { BOX_TONE, TAG_TONE, TEXT_TONE } from '../../components/ui/tone';

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, colorScheme, hasTouch: true, isMobile: true });
  return context.newPage();
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
}

test('at 390 px /pods is cards, each with its verdict first, and nothing scrolls sideways', async ({ browser }) => {
  const page = await phone(browser);
  await open(page, '/pods');
  await expect(page.getByTestId('pod-table')).toBeHidden();
  const cards = page.getByTestId('pod-card');
  await expect(cards.first()).toBeVisible();
  const pods = kubectlJson<{ items: unknown[] }>(['get', 'pods', '-A']).items.length;
  expect(await cards.count()).toBe(Math.min(pods, 50));
  for (const card of (await cards.all()).slice(0, 10)) {
    const verdict = await card.locator('[data-verdict]').first().boundingBox();
    const pod = await card.getByRole('link').first().boundingBox();
    const box = await card.boundingBox();
    if (!verdict || !pod || !box) throw new Error(`a card of ${await card.getAttribute('data-pod')} is not laid out`);
    // the verdict is the card's first line, above the pod's name, whole on the screen
    expect(verdict.y - box.y).toBeLessThan(16);
    expect(verdict.y).toBeLessThan(pod.y);
    expect(verdict.x + verdict.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe-core finds nothing serious on /pods at 390 px (${colorScheme})`, async ({ browser }) => {
    const page = await phone(browser, colorScheme);
    await open(page, '/pods');
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

function aPod(namespace: string): string {
  const pods = kubectlJson<{ items: Array<{ metadata: { name: string } }> }>(['-n', namespace, 'get', 'pods']).items;
  if (pods.length === 0) throw new Error(`precondition: no pod in ${namespace}: the scenario is not loaded`);
  return `/pods/${namespace}/${pods[0]!.metadata.name}`;
}

/** The visible targets on the page that are smaller than 44 px either way, described. */
async function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((e) => {
      // a checkbox inside its label: the label is what a finger presses
      const target = e.matches('input[type=checkbox]') && e.closest('label') ? e.closest('label')! : e;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      // hidden, or visually hidden for screen readers only
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') return [];
      if (box.width >= 44 && box.height >= 44) return [];
      const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 30);
      return [`${target.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`];
    }),
  );
}

test('at 390 px the navigation, Copy, checkboxes and action buttons are 44 px targets at least', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phone(browser);
  const copy = page.getByRole('button', { name: /^Copy/ });
  const small: Record<string, string[]> = {};
  for (const path of ['/pods', aPod('payments'), '/webhook', '/snapshot/runs', '/break-glass']) {
    await open(page, path);
    const found = await smallTargets(page, 'nav a, header a, button, select, input[type=checkbox]');
    if (found.length > 0) small[path] = found;
  }
  // the pod page's kubectl lines carry Copy buttons: the check above saw some
  await open(page, aPod('payments'));
  expect(await copy.count()).toBeGreaterThan(0);
  // a checkbox shows only after a break-glass (which this suite may not run): one is put in a page, bare and in a label
  await page.evaluate(() => {
    const bare = Object.assign(document.createElement('input'), { type: 'checkbox', ariaLabel: 'bare' });
    const label = document.createElement('label');
    label.append(Object.assign(document.createElement('input'), { type: 'checkbox' }), 'Restart shop/web');
    document.querySelector('main')!.append(bare, label);
  });
  const boxes = await smallTargets(page, 'main input[type=checkbox]');
  if (boxes.length > 0) small.checkboxes = boxes;
  expect(small).toEqual({});
});

/** Each tone's text and background in the page's sRGB, read from a 1×1 canvas (a colour may compute as lab() or oklch()). */
async function toneColours(page: Page, classes: Record<string, string>) {
  return page.evaluate((classes) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (css: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return { r: r!, g: g!, b: b!, a: a! };
    };
    const background = (e: Element | null): string => {
      for (; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (rgb(c).a > 0) return c;
      }
      return 'white';
    };
    const host = document.querySelector('main')!;
    return Object.entries(classes).map(([name, className]) => {
      const e = Object.assign(document.createElement('span'), { className, textContent: 'caution' });
      host.append(e);
      const colours = { name, text: rgb(getComputedStyle(e).color), background: rgb(background(e)) };
      e.remove();
      return colours;
    });
  }, classes);
}

type Rgb = { r: number; g: number; b: number };
const luminance = ({ r, g, b }: Rgb) => {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** The hue in degrees (HSL). */
const hue = ({ r, g, b }: Rgb) => {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
};
const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

for (const colorScheme of ['light', 'dark'] as const) {
  test(`caution is amber and danger red, apart and each readable (AA) on its background (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await open(page, '/pods');
    const classes = {
      'tag warn': TAG_TONE.warn,
      'tag bad': TAG_TONE.bad,
      'box warn': BOX_TONE.warn,
      'box bad': BOX_TONE.bad,
      'text warn': TEXT_TONE.warn,
      'text bad': TEXT_TONE.bad,
    };
    const colours = Object.fromEntries((await toneColours(page, classes)).map((c) => [c.name, c]));
    const problems: string[] = [];
    for (const [name, c] of Object.entries(colours)) {
      const ratio = contrast(c.text, c.background);
      if (ratio < 4.5) problems.push(`${name}: contrast ${ratio.toFixed(2)}`);
      // the tone's own colour: its box's background, or its text when it has no box of its own
      const own = name.startsWith('text') ? c.text : c.background;
      const h = hue(own);
      const amber = h >= 30 && h <= 65;
      const red = h >= 340 || h <= 15;
      // text dark enough to read on white is amber's brown (the distance to red below still holds it apart)
      if (name.startsWith('text') && colorScheme === 'light') continue;
      if (name.endsWith('warn') && !amber) problems.push(`${name}: hue ${Math.round(h)}°, not amber`);
      if (name.endsWith('bad') && !red) problems.push(`${name}: hue ${Math.round(h)}°, not red`);
    }
    for (const kind of ['tag', 'box', 'text']) {
      const [warn, bad] = [colours[`${kind} warn`]!, colours[`${kind} bad`]!];
      const own = (c: typeof warn) => (kind === 'text' ? c.text : c.background);
      if (hueDistance(hue(own(warn)), hue(own(bad))) < 25) problems.push(`${kind}: amber and red too close`);
    }
    expect(problems).toEqual([]);
  });
}
