// The lobby as a newcomer meets it, at desktop and phone sizes: rows with status, host, players and
// age; leaving a table (the seat freed before the game, the game ended when the last player leaves);
// this browser's history of games with their replays; bot levels as words; basic and advanced options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startServer, type Server } from './harness.ts';
import { createTable } from './ui.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const SIZES = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const summary = async (id: string) => (await (await fetch(`${server.url}/api/rooms/${id}`)).json()) as { status: string; seats: { claimed: boolean }[] };
const noSideScroll = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;

describe.each(SIZES)('lobby and leaving ($label)', ({ viewport }) => {
  it('shows a table’s status, host, players and age; leaving the waiting room frees the seat', { timeout: 120_000 }, async () => {
    const b = await openBrowser({ viewport });
    try {
      const id = await createTable(b.page, server.url, 'super-taki', { name: 'Ada', others: ['human'] });
      await b.page.getByTestId('waiting').waitFor();
      // Someone else looking at the lobby meanwhile.
      const other = await b.context.newPage();
      await other.goto(server.url);
      const row = other.getByTestId(`room-${id}`);
      await expect.poll(() => row.getByTestId('room-host').textContent()).toBe('Host: Ada');
      expect(await row.getByTestId('room-status').textContent()).toBe('Waiting for players');
      expect(await row.getByTestId('room-players').textContent()).toBe('Ada, open seat · 1 free');
      expect(await row.getByTestId('room-age').textContent()).toBe('just now');
      expect(await other.evaluate(noSideScroll)).toBe(true);
      await other.close();

      await b.page.getByTestId('leave').click();
      const dialog = b.page.getByTestId('leave-dialog');
      expect(await dialog.textContent()).toContain('Your seat is freed for someone else');
      await b.page.getByTestId('leave-confirm').click();
      await b.page.waitForURL(`${server.url}/`);
      const mine = b.page.getByTestId(`room-${id}`);
      await expect.poll(() => mine.getByTestId('room-players').textContent()).toBe('open seat, open seat · 2 free');
      expect(await mine.getByTestId('room-host').textContent()).toBe('Host: none');
      expect((await summary(id)).seats.map((s) => s.claimed)).toEqual([false, false]);
      // The freed seat is offered to anyone again.
      expect(await mine.getByRole('link', { name: 'Join' }).count()).toBe(1);
    } finally {
      await b.close();
    }
  });

  it('names bot levels in words with how they play, and splits the new-table form into options and advanced options', async () => {
    const b = await openBrowser({ viewport });
    try {
      await b.page.goto(server.url);
      await b.page.getByTestId('new-table-five-crowns').click();
      const level = b.page.getByTestId('seat-level-1');
      expect(await level.locator('option').allTextContents()).toEqual(['Beginner', 'Casual', 'Strong']);
      expect(await b.page.getByTestId('seat-level-hint-1').textContent()).toMatch(/random/i);
      await level.selectOption({ label: 'Strong' });
      expect(await b.page.getByTestId('seat-level-hint-1').textContent()).toMatch(/simulating many possible games/);
      const basic = b.page.getByTestId('options-basic');
      expect(await basic.isVisible()).toBe(true);
      expect(await basic.getByTestId('option-rounds_played').isVisible()).toBe(true);
      const advanced = b.page.getByTestId('options-advanced');
      expect(await advanced.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await b.page.getByTestId('option-retake_discard').isVisible()).toBe(false);
      await advanced.locator('summary').click();
      expect(await b.page.getByTestId('option-retake_discard').isVisible()).toBe(true);
      expect(await b.page.evaluate(noSideScroll)).toBe(true);
    } finally {
      await b.close();
    }
  });
});

describe('history of this browser’s games', () => {
  it('a game left as its last player ends; the history lists it and opens its replay (desktop)', { timeout: 120_000 }, async () => {
    const b = await openBrowser({ viewport: SIZES[0].viewport });
    try {
      const id = await createTable(b.page, server.url, 'super-taki', { name: 'Ada' });
      await expect.poll(() => b.page.getByTestId('table').getAttribute('data-status')).toBe('playing');
      await b.page.getByTestId('leave').click();
      expect(await b.page.getByTestId('leave-dialog').textContent()).toContain('It ends now');
      await b.page.getByTestId('leave-confirm').click();
      await b.page.waitForURL(`${server.url}/`);
      expect((await summary(id)).status).toBe('expired');
      const played = b.page.getByTestId(`played-${id}`);
      await played.waitFor();
      expect(await played.textContent()).toContain('You left; the game ended.');
      expect(await played.textContent()).toContain('Seat 1');
      await played.getByTestId('history-replay').click();
      await b.page.getByTestId('replay-controls').waitFor();
      expect(b.page.url()).toBe(`${server.url}/replay/${id}`);
    } finally {
      await b.close();
    }
  });

  it('a finished game watched to its end stays in the history and replays after its viewer left (phone)', { timeout: 240_000 }, async () => {
    const res = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'five-crowns', options: { rounds_played: 1 }, seats: [{ kind: 'bot', level: 'random' }, { kind: 'bot', level: 'greedy' }] }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    const b = await openBrowser({ viewport: SIZES[1].viewport });
    try {
      await b.page.goto(`${server.url}/room/${id}`);
      await b.page.getByTestId('final-scores').waitFor({ timeout: 200_000 });
      const winner = (await b.page.getByTestId('winner').textContent())!;
      await b.page.goto(server.url);
      const played = b.page.getByTestId(`played-${id}`);
      await played.waitFor();
      const text = (await played.textContent())!;
      expect(text).toContain('Watched');
      expect(text).toMatch(/Bot [12] \((Beginner|Casual)\) wins!|Nobody wins\.|win!/);
      expect(winner.length).toBeGreaterThan(0);
      expect(await b.page.evaluate(noSideScroll)).toBe(true);
      await played.getByTestId('history-replay').click();
      await b.page.getByTestId('replay-controls').waitFor();
      await b.page.getByTestId('final-scores').waitFor();
      // The replay steps with the keyboard: arrows, Home and End.
      const step = () => b.page.getByTestId('replay-step').textContent();
      const last = Number((await step())!.split(' / ')[1]);
      await b.page.keyboard.press('ArrowLeft');
      await expect.poll(step).toBe(`${last - 1} / ${last}`);
      await b.page.keyboard.press('Home');
      await expect.poll(step).toBe(`0 / ${last}`);
      await b.page.keyboard.press('ArrowRight');
      await expect.poll(step).toBe(`1 / ${last}`);
      await b.page.keyboard.press('End');
      await expect.poll(step).toBe(`${last} / ${last}`);
    } finally {
      await b.close();
    }
  });
});
