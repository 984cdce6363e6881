// The Chromium the tests drive: Debian's headless shell (package chromium-headless-shell), the same Blink as Debian's
// chromium without the full browser's processes around it, as Playwright itself runs headless. On two cores shared
// with the cluster and the server, the full browser's CPU was what the browser tests waited on.
// bench/pages.ts keeps the full chromium: the paint times it prints are a user's browser's.
export const TEST_CHROMIUM = '/usr/bin/chromium-headless-shell';
/** The flags every test launch passes: no sandbox (root in a VM), no GPU to look for, no first-run pages. */
export const TEST_CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run'];
