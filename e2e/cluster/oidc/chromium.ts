// Debian's Chromium (its headless shell) for the sign-in tests that go through the provider's real login page. The
// provider's certificate is the harness CA's, which this Chromium does not know: it is told to take it.
import { chromium, type Browser } from 'playwright-core';
import { TEST_CHROMIUM, TEST_CHROMIUM_ARGS } from '../../chromium.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_CHROMIUM,
    args: [...TEST_CHROMIUM_ARGS, '--ignore-certificate-errors'],
  });
}
