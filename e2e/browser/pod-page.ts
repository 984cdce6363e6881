// Page objects: what a test reads off memdash's pages, named as an operator would say it.
import { expect, type Locator, type Page } from '@playwright/test';

export class PodPage {
  constructor(readonly page: Page) {}

  async goto(namespace: string, pod: string) {
    return this.page.goto(`/pods/${namespace}/${pod}`);
  }

  container(name: string): Locator {
    return this.page.locator(`[data-testid="container"][data-container="${name}"]`);
  }

  verdictOf(name: string): Locator {
    return this.container(name).locator('[data-verdict]').first();
  }

  get errorState(): Locator {
    return this.page.getByTestId('error-state');
  }

  get commands(): Locator {
    return this.page.locator('[data-testid="runbook-commands"] li');
  }

  get workloadLink(): Locator {
    return this.page.getByTestId('workload-link');
  }
}

export class JumpDialog {
  constructor(readonly page: Page) {}

  /** Ctrl-K until the dialog shows: a key pressed before React hydrated the page has no listener yet. */
  async open() {
    await expect(async () => {
      await this.page.keyboard.press('Control+k');
      await expect(this.input).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }

  get dialog(): Locator {
    return this.page.getByTestId('jump');
  }

  get input(): Locator {
    return this.dialog.getByRole('combobox', { name: 'Pod or workload name' });
  }

  get options(): Locator {
    return this.dialog.getByRole('option');
  }
}
