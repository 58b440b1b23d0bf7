// The studio's calls to the server: this browser's author token (drawn once, kept in localStorage) and the draft endpoints.
import type { Draft, DraftFile, DraftList, DraftPlayReply, DraftScenarioReport, DraftSimulation, RulesReply } from '@decksmith/protocol';
import { call } from '../net/api.ts';

const KEY = 'decksmith.author';

/** This browser's author token: 32 random bytes, base64url; the server keeps only its SHA-256. */
export function authorToken(): string {
  let t = localStorage.getItem(KEY);
  if (!t) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    t = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem(KEY, t);
  }
  return t;
}

const headers = (): Record<string, string> => ({ authorization: `Bearer ${authorToken()}` });


export const drafts = {
  starter: () => call<{ files: DraftFile[] }>('/api/studio/starter'),
  list: () => call<DraftList>('/api/drafts', { headers: headers() }),
  get: (id: string) => call<Draft>(`/api/drafts/${encodeURIComponent(id)}`, { headers: headers() }),
  save: (id: string, files: DraftFile[]) => call<Draft>(`/api/drafts/${encodeURIComponent(id)}`, { method: 'PUT', headers: headers(), body: JSON.stringify({ files }) }),
  simulate: (id: string, body: { players: number; games?: number; seed?: string; file?: string }) =>
    call<DraftSimulation>(`/api/drafts/${encodeURIComponent(id)}/simulate`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }),
  scenarios: (id: string, body: { file?: string }) =>
    call<DraftScenarioReport>(`/api/drafts/${encodeURIComponent(id)}/scenarios`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }),
  /** A repository game's rule file (a variant's base). */
  rules: async (game: string) => (await call<RulesReply>(`/api/games/${encodeURIComponent(game)}/rules`)).text,
  play: (id: string, body: { bots: string[]; seed: string; file?: string }) =>
    call<DraftPlayReply>(`/api/drafts/${encodeURIComponent(id)}/play`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }),
};
