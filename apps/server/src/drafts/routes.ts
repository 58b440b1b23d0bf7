// The studio's draft API: save and list an author's drafts (per author token), and play one against bots on a table the server compiled itself.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTHOR_TOKEN, DRAFT_LIMITS, Draft, DraftBody, DraftCompileError, DraftList, DraftParams, DraftPlayBody, DraftPlayReply, DraftScenarioReport, DraftScenariosBody, DraftSimulateBody, DraftSimulation, ErrorReply } from '@decksmith/protocol';
import { bearerToken } from '../admission/client-keys.ts';
import type { GameRegistry } from '../games/registry.ts';
import type { RoomManager } from '../rooms/manager.ts';
import { codedErrorHandler, strictValidatorCompiler } from '../transport/http/strict.ts';
import { BASE_ID, type DraftBase, type DraftCompiler } from './compiler.ts';
import { remember } from './draft-games.ts';
import { NO_SCENARIOS, scenarioFiles } from './scenarios.ts';
import { draftBytes, type DraftStore } from './store.ts';
import { AuthorWindows } from './windows.ts';

export interface DraftLimits {
  /** Saves per author and minute. */
  savesPerMinute: number;
  /** Plays (compile + table) per author and minute. */
  playsPerMinute: number;
  /** Draft tables of one author not yet over. */
  openRoomsPerAuthor: number;
}

export const DEFAULT_DRAFT_LIMITS: DraftLimits = { savesPerMinute: 60, playsPerMinute: 12, openRoomsPerAuthor: 3 };

export interface DraftDeps {
  registry: GameRegistry;
  manager: RoomManager;
  store: DraftStore;
  compiler: DraftCompiler;
  limits?: Partial<DraftLimits>;
  /** Wall clock (tests pass their own). */
  now?: () => number;
}

const Err = Type.Ref('ErrorReply');

/** The author of a request: the SHA-256 of its `Authorization: Bearer <author token>`, or null. */
function authorOf(auth: string | undefined): string | null {
  const token = bearerToken(auth);
  return token && AUTHOR_TOKEN.test(token) ? createHash('sha256').update(token).digest('hex') : null;
}

/** The template `decksmith new` starts a game from: a new author's first draft. */
const STARTER = fileURLToPath(new URL('../../../../packages/cli/templates/new-game/game.rules', import.meta.url));

/** The draft's other rule files, by the game id each declares: the bases a variant may extend. */
function basesOf(files: readonly { name: string; text: string }[], played: string): DraftBase[] {
  const out: DraftBase[] = [];
  for (const f of files) {
    if (f.name === played || !f.name.endsWith('.rules')) continue;
    const id = /^\s*game\s+([a-z0-9]+(?:-[a-z0-9]+)*)\b/m.exec(f.text)?.[1];
    if (id && BASE_ID.test(id) && !out.some((b) => b.id === id)) out.push({ id, text: f.text });
  }
  return out;
}

const NO_AUTHOR = { code: 'auth/author_token', message: 'Say who writes: send your author token (22–128 letters, digits, - or _) as "Authorization: Bearer <token>".' };

export function draftRoutes(deps: DraftDeps): FastifyPluginAsyncTypebox {
  const limits = { ...DEFAULT_DRAFT_LIMITS, ...deps.limits };
  const now = deps.now ?? Date.now;
  const saves = new AuthorWindows(limits.savesPerMinute, 60_000, now);
  const plays = new AuthorWindows(limits.playsPerMinute, 60_000, now);
  /** Each author's draft tables, newest last (only the ones not over count). */
  const rooms = new Map<string, string[]>();
  return async (app) => {
    if (!app.getSchema('ErrorReply')) app.addSchema(ErrorReply);
    app.setValidatorCompiler(strictValidatorCompiler);
    app.setErrorHandler(codedErrorHandler);

    const starter = readFileSync(STARTER, 'utf8').replaceAll('{{id}}', 'my-game').replaceAll('{{title}}', 'My Game');
    app.get('/api/studio/starter', { schema: { tags: ['drafts'], summary: "A new author's first draft: the template decksmith new starts from", response: { 200: DraftBody } } }, async () => ({
      files: [{ name: 'my-game.rules', text: starter }],
    }));

    app.get('/api/drafts', { schema: { tags: ['drafts'], summary: "The author's drafts (Authorization: Bearer <author token>)", response: { 200: DraftList, 401: Err } } }, async (req, reply) => {
      const author = authorOf(req.headers.authorization);
      if (!author) return reply.code(401).send(NO_AUTHOR);
      return { drafts: await deps.store.list(author) };
    });

    app.get('/api/drafts/:id', { schema: { tags: ['drafts'], summary: 'One draft with its files', params: DraftParams, response: { 200: Draft, 401: Err, 404: Err } } }, async (req, reply) => {
      const author = authorOf(req.headers.authorization);
      if (!author) return reply.code(401).send(NO_AUTHOR);
      const d = await deps.store.get(author, req.params.id);
      if (!d) return reply.code(404).send({ code: 'draft/unknown', message: `You have no draft "${req.params.id}".` });
      return { id: d.id, files: d.files, updatedAt: d.updatedAt };
    });

    app.put(
      '/api/drafts/:id',
      {
        // The files may be up to DRAFT_LIMITS.maxBytes of text; JSON escaping can double it.
        bodyLimit: DRAFT_LIMITS.maxBytes * 3,
        schema: { tags: ['drafts'], summary: `Save a draft (at most ${DRAFT_LIMITS.maxDrafts} per author, ${DRAFT_LIMITS.maxBytes} bytes of text)`, params: DraftParams, body: DraftBody, response: { 200: Draft, 400: Err, 401: Err, 409: Err, 413: Err, 429: Err } },
      },
      async (req, reply) => {
        const author = authorOf(req.headers.authorization);
        if (!author) return reply.code(401).send(NO_AUTHOR);
        if (!saves.take(author)) return reply.code(429).send({ code: 'quota/rate', message: `At most ${limits.savesPerMinute} saves a minute.` });
        const files = req.body.files;
        const names = new Set(files.map((f) => f.name));
        if (names.size !== files.length) return reply.code(400).send({ code: 'input/invalid', message: 'Two files of the draft have the same name.' });
        if (!files.some((f) => f.name.endsWith('.rules'))) return reply.code(400).send({ code: 'input/invalid', message: 'A draft needs a rule file (x.rules).' });
        const bytes = draftBytes(files);
        if (bytes > DRAFT_LIMITS.maxBytes) return reply.code(413).send({ code: 'draft/too_large', message: `The draft is ${bytes} bytes; at most ${DRAFT_LIMITS.maxBytes}.` });
        const record = { author, id: req.params.id, files, updatedAt: now() };
        if (!(await deps.store.put(record, DRAFT_LIMITS.maxDrafts))) {
          return reply.code(409).send({ code: 'quota/drafts', message: `You keep ${DRAFT_LIMITS.maxDrafts} drafts already: delete one first.` });
        }
        return { id: record.id, files, updatedAt: record.updatedAt };
      },
    );

    app.delete('/api/drafts/:id', { schema: { tags: ['drafts'], summary: 'Delete a draft', params: DraftParams, response: { 204: Type.Null(), 401: Err, 404: Err } } }, async (req, reply) => {
      const author = authorOf(req.headers.authorization);
      if (!author) return reply.code(401).send(NO_AUTHOR);
      if (!(await deps.store.delete(author, req.params.id))) return reply.code(404).send({ code: 'draft/unknown', message: `You have no draft "${req.params.id}".` });
      return reply.code(204).send(null);
    });

    app.post(
      '/api/drafts/:id/play',
      {
        schema: {
          tags: ['drafts'],
          summary: 'Compile the saved draft on the server and open a table of it: the author at seat 0, bots at the others; the same seed deals the same cards',
          params: DraftParams,
          body: DraftPlayBody,
          response: { 201: DraftPlayReply, 400: Err, 401: Err, 404: Err, 422: DraftCompileError, 429: Err, 503: Err },
        },
      },
      async (req, reply) => {
        const author = authorOf(req.headers.authorization);
        if (!author) return reply.code(401).send(NO_AUTHOR);
        const mine = (rooms.get(author) ?? []).filter((id) => {
          const status = deps.manager.get(id)?.status;
          return status === 'waiting' || status === 'playing';
        });
        rooms.set(author, mine);
        if (mine.length >= limits.openRoomsPerAuthor) {
          return reply.code(429).send({ code: 'quota/rooms', message: `You have ${mine.length} draft tables open; leave one (or let it end) first.` });
        }
        if (!plays.take(author)) return reply.code(429).send({ code: 'quota/rate', message: `At most ${limits.playsPerMinute} draft tables a minute.` });
        const d = await deps.store.get(author, req.params.id);
        if (!d) return reply.code(404).send({ code: 'draft/unknown', message: `You have no draft "${req.params.id}": save it first.` });
        const file = d.files.find((f) => (req.body.file ? f.name === req.body.file : f.name.endsWith('.rules')));
        if (!file || !file.name.endsWith('.rules')) return reply.code(404).send({ code: 'draft/unknown', message: `The draft has no rule file ${req.body.file ?? ''}.` });
        const bases = basesOf(d.files, file.name);
        const hosted = await deps.compiler.host(file.text, bases);
        if ('status' in hosted) {
          if (hosted.code === 'draft/does_not_compile') return reply.code(422).send({ code: 'draft/does_not_compile', message: hosted.message, report: hosted.report ?? [] });
          return reply.code(hosted.status as 503).send({ code: hosted.code, message: hosted.message });
        }
        if (!deps.registry.get(hosted.id)) deps.registry.add(hosted);
        // Kept by its id before the table exists: a restarted server recompiles it and resumes the table (draft-games.ts).
        await remember(deps.store, hosted.id, file.text, bases, now());
        const seed = req.body.seed ?? createHash('sha256').update(`${author}:${now()}:${Math.random()}`).digest('hex').slice(0, 12);
        const r = await deps.manager.create({ game: hosted.id, seats: [{ kind: 'human' }, ...req.body.bots.map((level) => ({ kind: 'bot' as const, level }))], seed }, { practice: true });
        if ('rejected' in r) return reply.code(r.rejected.status as 400).send({ code: r.rejected.code, message: r.rejected.message });
        mine.push(r.room.id);
        return reply.code(201).send({ room: r.room.id, game: hosted.id, seed });
      },
    );

    app.post(
      '/api/drafts/:id/simulate',
      {
        schema: {
          tags: ['drafts'],
          summary: 'Compile the saved draft on the server and play up to 200 random-bot games of it (in the compiler thread, under its time budget): finished, stuck, wins per seat',
          params: DraftParams,
          body: DraftSimulateBody,
          response: { 200: DraftSimulation, 400: Err, 401: Err, 404: Err, 422: DraftCompileError, 429: Err, 503: Err },
        },
      },
      async (req, reply) => {
        const author = authorOf(req.headers.authorization);
        if (!author) return reply.code(401).send(NO_AUTHOR);
        // A simulation spends the same per-author allowance as a table.
        if (!plays.take(author)) return reply.code(429).send({ code: 'quota/rate', message: `At most ${limits.playsPerMinute} draft tables or simulations a minute.` });
        const d = await deps.store.get(author, req.params.id);
        const file = d?.files.find((f) => (req.body.file ? f.name === req.body.file : f.name.endsWith('.rules')));
        if (!file || !file.name.endsWith('.rules')) return reply.code(404).send({ code: 'draft/unknown', message: `You have no draft "${req.params.id}" with that rule file: save it first.` });
        const r = await deps.compiler.simulate(file.text, { games: req.body.games ?? 200, players: req.body.players, seed: req.body.seed ?? 'sim' }, basesOf(d!.files, file.name));
        if ('status' in r) {
          if (r.status === 422) return reply.code(422).send({ code: r.code, message: r.message, ...(r.report ? { report: r.report } : {}) });
          return reply.code(r.status as 400).send({ code: r.code, message: r.message });
        }
        return r;
      },
    );

    app.post(
      '/api/drafts/:id/scenarios',
      {
        schema: {
          tags: ['drafts'],
          summary: "Compile the saved draft on the server and run its scenarios/*.scenario against its rule files (in the compiler thread, under its time budget): each scenario passed, failed or broken, with its problems located",
          params: DraftParams,
          body: DraftScenariosBody,
          response: { 200: DraftScenarioReport, 401: Err, 404: Err, 422: DraftCompileError, 429: Err, 503: Err },
        },
      },
      async (req, reply) => {
        const author = authorOf(req.headers.authorization);
        if (!author) return reply.code(401).send(NO_AUTHOR);
        // A run spends the same per-author allowance as a table or a simulation, counted before anything is read.
        if (!plays.take(author)) return reply.code(429).send({ code: 'quota/rate', message: `At most ${limits.playsPerMinute} draft tables, simulations or scenario runs a minute.` });
        const d = await deps.store.get(author, req.params.id);
        const file = d?.files.find((f) => (req.body.file ? f.name === req.body.file : f.name.endsWith('.rules')));
        if (!file || !file.name.endsWith('.rules')) return reply.code(404).send({ code: 'draft/unknown', message: `You have no draft "${req.params.id}" with that rule file: save it first.` });
        const scenarios = scenarioFiles(d!.files);
        if (scenarios.length === 0) return { ...NO_SCENARIOS, ms: 0 };
        const rules = d!.files.filter((f) => f.name.endsWith('.rules'));
        const r = await deps.compiler.scenarios(file.text, { scenarios, rules }, basesOf(d!.files, file.name));
        if ('status' in r) {
          if (r.status === 422) return reply.code(422).send({ code: r.code, message: r.message, ...(r.report ? { report: r.report } : {}) });
          return reply.code(r.status as 503).send({ code: r.code, message: r.message });
        }
        return r;
      },
    );
  };
}
