// The chat's limits: length, characters, reactions, lines per sender and window, lines per room; each refusal a coded rejection.
import { REACTIONS, type ChatMsg } from '@decksmith/protocol';
import type { Rejection } from '../games/types.ts';

export interface ChatLimits {
  /** Longest line, in characters (code points). */
  maxChars: number;
  /** Lines (and reactions) one sender may post per `windowMs`. */
  lines: number;
  windowMs: number;
  /** Lines a room stores at most; later ones are refused with `chat/full`. */
  roomLines: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = { maxChars: 200, lines: 5, windowMs: 10_000, roomLines: 500 };

/** Control characters (line breaks included) become spaces: a line is one line of plain text. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it replaces
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * The text of a chat message as it will be stored, or the reason it is refused.
 *
 * @example
 * cleanLine({ t: 'chat', text: '  gg\n' }, DEFAULT_CHAT_LIMITS) // { text: 'gg', kind: 'text' }
 */
export function cleanLine(msg: ChatMsg, limits: ChatLimits): { text: string; kind: 'text' | 'reaction' } | Rejection {
  const kind = msg.kind ?? 'text';
  if (kind === 'reaction') {
    if (!(REACTIONS as readonly string[]).includes(msg.text)) return { code: 'chat/reaction_unknown', message: `Reactions are one of ${REACTIONS.join(' ')}.` };
    return { text: msg.text, kind };
  }
  const text = msg.text.replace(CONTROL, ' ').trim();
  if (text.length === 0) return { code: 'chat/empty', message: 'Say something: the line is empty.' };
  if ([...text].length > limits.maxChars) return { code: 'chat/too_long', message: `Chat lines are at most ${limits.maxChars} characters.` };
  return { text, kind };
}

/** A sliding window of the times one sender posted at: at most `lines` within `windowMs`. */
export class ChatWindow {
  private readonly times: number[] = [];

  constructor(private readonly limits: ChatLimits) {}

  /** Records a post at `now` (ms) and returns null, or refuses it (`chat/rate`) and records nothing. */
  admit(now: number): Rejection | null {
    while (this.times.length > 0 && now - this.times[0]! >= this.limits.windowMs) this.times.shift();
    if (this.times.length >= this.limits.lines) {
      const wait = Math.ceil((this.limits.windowMs - (now - this.times[0]!)) / 1000);
      return { code: 'chat/rate', message: `Slow down: at most ${this.limits.lines} lines every ${this.limits.windowMs / 1000} s (wait ${wait} s).` };
    }
    this.times.push(now);
    return null;
  }
}
