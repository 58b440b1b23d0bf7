// The studio's figure (#21): time from Play to the first dealt table, as the browser sees it —
// POST /api/drafts/:id/play (the server compiles the draft and deals), join the seat, open the
// socket, and the first view with the author's hand in it. Three cases: cold (the compiler thread
// starts), warm (the same draft again: already hosted), edited (a new text in a warm thread).
//
//   node --import tsx apps/server/scripts/studio-play-figures.ts [--runs 5]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { buildApp } from '../src/app.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(args.runs);
const RULES = readFileSync(new URL('../../../docs/tutorial/crazy-eights.rules', import.meta.url), 'utf8');
const TOKEN = 'figures-author-token-0123456789';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

const app = await buildApp({ logger: false, recover: false, draftLimits: { playsPerMinute: 1000, openRoomsPerAuthor: 1000, savesPerMinute: 1000 } });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

async function playOnce(text: string): Promise<number> {
  await fetch(`${url}/api/drafts/fig`, { method: 'PUT', headers, body: JSON.stringify({ files: [{ name: 'fig.rules', text }] }) });
  const t0 = performance.now();
  const play = (await (await fetch(`${url}/api/drafts/fig/play`, { method: 'POST', headers, body: JSON.stringify({ bots: ['random'], seed: 'fig' }) })).json()) as { room: string };
  const join = (await (await fetch(`${url}/api/rooms/${play.room}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seat: 0 }) })).json()) as { token: string; ws: string };
  const ws = new WebSocket(`${url.replace('http', 'ws')}${join.ws}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'join', v: 1, room: play.room, token: join.token })));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { t: string };
      if (m.t === 'welcome') resolve();
    });
  });
  const ms = performance.now() - t0;
  ws.close();
  return ms;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, min ${s[0]!.toFixed(0)}, max ${s.at(-1)!.toFixed(0)} (n=${s.length})`;
};

console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
const cold = await playOnce(RULES);
const warm: number[] = [];
const edited: number[] = [];
for (let i = 0; i < runs; i++) {
  warm.push(await playOnce(RULES));
  // A new text each time: the draft compiles again, in the thread that is already running.
  edited.push(await playOnce(`${RULES}\n# edit ${i}\n`));
}
console.log(`Play → first dealt table (welcome with the author's view):`);
console.log(`  cold (compiler thread starts, then compiles): ${cold.toFixed(0)} ms`);
console.log(`  warm (the same draft, already hosted):        ${stats(warm)}`);
console.log(`  edited (new text, compiler thread running):   ${stats(edited)}`);
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
await app.close();
