// A table's social state: chat lines (players' and spectators'), reasons for disabled actions, a rematch on offer; mutes remembered in this browser.
import type { ChatLine, ClientMessage, SocialServerMessage } from '@decksmith/protocol';

/** Lines kept for display (the server bounds a room's chat too). */
const MAX_LINES = 300;
const MUTES_KEY = 'decksmith.muted';

/** Who wrote a line, as mute keys go: a named player by name, else by seat; spectators together. */
export function speakerKey(line: Pick<ChatLine, 'seat' | 'name'>): string {
  if (line.seat === null) return 'spectators';
  return line.name ? `name:${line.name}` : `seat:${line.seat}`;
}

function loadMutes(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(MUTES_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 200) : [];
  } catch {
    return [];
  }
}

export class SocialState {
  lines = $state.raw<ChatLine[]>([]);
  muted = $state.raw<string[]>(typeof localStorage === 'undefined' ? [] : loadMutes());
  /** Reasons by action name, as the server last answered. */
  reasons = $state.raw<Record<string, string>>({});
  rematch = $state<string | null>(null);
  /** Unread lines while the chat is closed. */
  unread = $state(0);
  open = false;

  constructor(private readonly send: (msg: ClientMessage) => boolean) {}

  receive(m: SocialServerMessage): void {
    if (m.t === 'chat') {
      const merged = m.history ? [...m.lines] : [...this.lines, ...m.lines];
      this.lines = merged.slice(-MAX_LINES);
      if (!m.history && !this.open) this.unread += m.lines.filter((l) => !this.isMuted(l)).length;
    } else if (m.t === 'why') {
      this.reasons = { ...this.reasons, [m.action]: m.legal ? 'You can do this now.' : m.message };
    } else {
      this.rematch = m.room;
    }
  }

  say(text: string, kind: 'text' | 'reaction' = 'text'): boolean {
    const t = text.trim();
    return t.length > 0 && this.send({ t: 'chat', text: t, kind });
  }

  /** Asks why an action is not legal now (the answer lands in `reasons`); reasons of an older state are dropped first. */
  ask(action: string): void {
    this.send({ t: 'why', action });
  }

  /** Forgets the reasons (the table changed: they may no longer hold). */
  stale(): void {
    if (Object.keys(this.reasons).length > 0) this.reasons = {};
  }

  isMuted(line: Pick<ChatLine, 'seat' | 'name'>): boolean {
    return this.muted.includes(speakerKey(line));
  }

  toggleMute(key: string): void {
    this.muted = this.muted.includes(key) ? this.muted.filter((k) => k !== key) : [...this.muted, key];
    try {
      localStorage.setItem(MUTES_KEY, JSON.stringify(this.muted));
    } catch {
      /* private mode: the mute lasts this page */
    }
  }
}
