// Lobby steps shared by the browser tests: create a table through the form, as a person would.
import type { Page } from 'playwright-core';

export interface TableSpec {
  /** Option values as typed into the form (durations in seconds). */
  options?: Record<string, string | boolean>;
  /** Seats after mine: 'bot' (default) or 'human' (a person joining by share link). */
  others?: ('bot' | 'human')[];
  name?: string;
}

/** Opens the lobby, fills the new-table form and waits for the table; returns the room id. */
export async function createTable(page: Page, baseUrl: string, game: string, spec: TableSpec = {}): Promise<string> {
  await page.goto(baseUrl);
  if (spec.name) await page.getByTestId('profile-name').fill(spec.name);
  if (spec.name) await page.getByTestId('profile-name').press('Tab');
  await page.getByTestId(`new-table-${game}`).click();
  const others = spec.others ?? ['bot'];
  await page.getByTestId('player-count').selectOption(String(others.length + 1));
  for (const [i, kind] of others.entries()) await page.getByTestId(`seat-kind-${i + 1}`).selectOption(kind);
  // Options the rule file does not mark basic are under "Advanced options" (closed at first).
  if (Object.keys(spec.options ?? {}).length > 0 && (await page.getByTestId('options-advanced').count()) > 0) {
    await page.getByTestId('options-advanced').evaluate((d) => ((d as HTMLDetailsElement).open = true));
  }
  for (const [name, value] of Object.entries(spec.options ?? {})) {
    const input = page.getByTestId(`option-${name}`);
    if (typeof value === 'boolean') await input.setChecked(value);
    else if (await input.evaluate((e) => e.tagName === 'SELECT')) await input.selectOption(value);
    else await input.fill(value);
  }
  await page.getByTestId('create-table').click();
  await page.getByTestId('table').waitFor();
  const id = /\/room\/([\w-]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`not at a room: ${page.url()}`);
  return id;
}

/**
 * Waits until no card is gliding (the table's FLIP animations, Web Animations API): a card's box
 * read mid-glide is where it is passing, not where it lands, and a drag aimed there misses.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}
