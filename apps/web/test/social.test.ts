// The table's social state: chat lines merged after the history, unread counts, "why" answers, a rematch offer, and a mute per player kept in localStorage.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatLine, ClientMessage } from '@decksmith/protocol';
import { SocialState, speakerKey } from '../src/chat/social.svelte.ts';

const store = new Map<string, string>();
const fakeStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
afterEach(() => {
  store.clear();
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const line = (seat: number | null, text: string, name?: string): ChatLine => ({ at: 1, seat, ...(name ? { name } : {}), channel: seat === null ? 'spectators' : 'players', kind: 'text', text });

describe('SocialState', () => {
  it('takes the history, then appends live lines and counts the unread ones that are not muted', () => {
    (globalThis as { localStorage?: unknown }).localStorage = fakeStorage;
    const sent: ClientMessage[] = [];
    const s = new SocialState((m) => (sent.push(m), true));
    s.receive({ t: 'chat', lines: [line(0, 'hi', 'Ada')], history: true });
    s.receive({ t: 'chat', lines: [line(1, 'hello')] });
    expect(s.lines.map((l) => l.text)).toEqual(['hi', 'hello']);
    expect(s.unread).toBe(1);
    s.toggleMute(speakerKey(line(0, '', 'Ada')));
    expect(JSON.parse(store.get('decksmith.muted')!)).toEqual(['name:Ada']);
    s.receive({ t: 'chat', lines: [line(0, 'again', 'Ada')] });
    expect(s.unread).toBe(1);
    expect(s.isMuted(line(0, '', 'Ada'))).toBe(true);
    // A new table in this browser remembers the mute.
    expect(new SocialState(() => true).isMuted(line(3, '', 'Ada'))).toBe(true);
    s.toggleMute('name:Ada');
    expect(new SocialState(() => true).isMuted(line(3, '', 'Ada'))).toBe(false);
  });

  it('sends trimmed lines and reactions, asks why, keeps the answers until the table changes, and holds a rematch offer', () => {
    const sent: ClientMessage[] = [];
    const s = new SocialState((m) => (sent.push(m), true));
    expect(s.say('   ')).toBe(false);
    expect(s.say(' gg ')).toBe(true);
    s.say('👍', 'reaction');
    s.ask('draw');
    expect(sent).toEqual([{ t: 'chat', text: 'gg', kind: 'text' }, { t: 'chat', text: '👍', kind: 'reaction' }, { t: 'why', action: 'draw' }]);
    s.receive({ t: 'why', action: 'draw', legal: false, code: 'turn/not_yours', message: 'It is Player 2’s turn.' });
    expect(s.reasons).toEqual({ draw: 'It is Player 2’s turn.' });
    s.stale();
    expect(s.reasons).toEqual({});
    s.receive({ t: 'rematch', room: 'r2' });
    expect(s.rematch).toBe('r2');
  });
});
