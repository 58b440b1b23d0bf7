// Compiles drafts on the server, never trusting client-sent code: one compiler thread with a heap limit and a time budget per compile, a bounded queue, and a bounded set of hosted draft games.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GameDef } from '@decksmith/runtime';
import { hostGameDef, isGameDef } from '../games/runtime-engine.ts';
import type { HostedGame } from '../games/types.ts';
import type { CompileAnswer } from './compile-worker.ts';
import { withDraftFuel } from './draft-fuel.ts';
import type { ScenarioResults, ScenariosRequest } from './scenarios.ts';
import type { SimulateRequest, SimulationSummary } from './simulate.ts';

const BOOT = fileURLToPath(new URL('./compile-worker-boot.mjs', import.meta.url));

export interface DraftCompilerOptions {
  /** Milliseconds one compile may take (after the thread started) before the thread is terminated. */
  compileMs: number;
  /** Heap of the compiler thread (MB). */
  heapMb: number;
  /** Compiles that may wait behind the running one; more are refused (busy). */
  queue: number;
  /** Draft games this process hosts at most (each stays loaded: modules cannot be unloaded). */
  maxGames: number;
  /** Milliseconds a compile plus its simulated games may take before the thread is terminated. */
  simulateMs: number;
  /** Milliseconds a compile plus running the draft's scenarios may take before the thread is terminated. */
  scenariosMs: number;
}

export const DEFAULT_COMPILER: DraftCompilerOptions = { compileMs: 10_000, heapMb: 256, queue: 4, maxGames: 200, simulateMs: 30_000, scenariosMs: 30_000 };

/** A failure with a code, an HTTP status and, for a draft with errors, the compiler's report. */
export interface DraftFailure {
  status: number;
  code: string;
  message: string;
  report?: string[];
}

/** A base rule file of a variant draft: its game id and text. */
export interface DraftBase {
  id: string;
  text: string;
}

/** Game ids a base may have: lower-case words joined by `-`, not `draft` (the draft's own file name). */
export const BASE_ID = /^(?!draft$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The id a draft is hosted under: the same texts are the same game (a seeded restart deals the same cards); an edited base is another game too. */
export function draftGameId(text: string, bases: readonly DraftBase[] = []): string {
  const h = createHash('sha256').update(text);
  for (const b of [...bases].sort((x, y) => x.id.localeCompare(y.id))) h.update(`\0${b.id}\0${b.text}`);
  return `draft-${h.digest('hex').slice(0, 16)}`;
}

interface Pending {
  n: number;
  text: string;
  bases: DraftBase[];
  simulate?: SimulateRequest;
  scenarios?: ScenariosRequest;
  budgetMs: number;
  resolve: (a: CompileAnswer | DraftFailure) => void;
}

/**
 * @example
 * const compiler = new DraftCompiler(DEFAULT_COMPILER);
 * const r = await compiler.host(text); // HostedGame, or { status, code, message, report? }
 */
export class DraftCompiler {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly waiting: Pending[] = [];
  private running: Pending | undefined;
  private n = 0;
  private readonly games = new Map<string, Promise<HostedGame | DraftFailure>>();
  private closed = false;
  /** The compiled modules of the hosted drafts (bot threads import them from here); removed on close. */
  private modules: string | undefined;
  /** Compiles done, and threads terminated for overrunning (tests read them). */
  readonly stats = { compiled: 0, terminated: 0 };

  constructor(private readonly options: DraftCompilerOptions) {}

  /** The hosted game of a draft's rule file text: compiled once per text, then the same game. */
  host(text: string, bases: readonly DraftBase[] = []): Promise<HostedGame | DraftFailure> {
    const id = draftGameId(text, bases);
    const known = this.games.get(id);
    if (known) return known;
    if (this.games.size >= this.options.maxGames) {
      return Promise.resolve({ status: 503, code: 'drafts/full', message: `This server hosts ${this.options.maxGames} draft games already; it takes new drafts after a restart.` });
    }
    const p = this.compile(text, bases).then(async (a): Promise<HostedGame | DraftFailure> => {
      if ('status' in a) return a;
      if (a.js === null) return { status: 422, code: 'draft/does_not_compile', message: 'The draft has errors.', report: a.report };
      // A file the bot threads can import too: the draft's bots think in the bot pool, under its budgets.
      this.modules ??= mkdtempSync(join(tmpdir(), 'decksmith-drafts-'));
      const file = join(this.modules, `${id}.mjs`);
      // With the draft fuel budget: a move of a pathological draft is refused, not run for minutes.
      writeFileSync(file, withDraftFuel(a.js));
      const url = pathToFileURL(file).href;
      const def = ((await import(url)) as Record<string, unknown>)['game'];
      if (!isGameDef(def)) return { status: 500, code: 'draft/internal', message: 'The compiled draft exports no game.' };
      const hosted = hostGameDef(def as GameDef, `draft ${id}`, { kind: 'module', url, name: 'game' });
      return { ...hosted, id, listed: false } as HostedGame;
    });
    this.games.set(id, p);
    // Failures are not kept: the author fixes the text (a new id) or retries when not busy.
    void p.then((r) => {
      if ('status' in r) this.games.delete(id);
    });
    return p;
  }

  /** Compiles the text and plays `req.games` random-bot games of it, in the compiler thread under `simulateMs`. */
  async simulate(text: string, req: SimulateRequest, bases: readonly DraftBase[] = []): Promise<SimulationSummary | DraftFailure> {
    const a = await this.compile(text, bases, { simulate: req });
    if ('status' in a) return a;
    if (a.js === null) return { status: 422, code: 'draft/does_not_compile', message: 'The draft has errors.', report: a.report };
    if (!a.simulation) return { status: 500, code: 'draft/internal', message: 'The simulation did not run.' };
    if ('error' in a.simulation) return { status: 400, code: 'seats/invalid', message: a.simulation.error };
    return a.simulation;
  }

  /** Compiles the text (it must compile) and runs `req`'s scenarios against the draft's rule files, in the compiler thread under `scenariosMs`. */
  async scenarios(text: string, req: ScenariosRequest, bases: readonly DraftBase[] = []): Promise<(ScenarioResults & { ms: number }) | DraftFailure> {
    const a = await this.compile(text, bases, { scenarios: req });
    if ('status' in a) return a;
    if (a.js === null) return { status: 422, code: 'draft/does_not_compile', message: 'The draft has errors.', report: a.report };
    if (!a.scenarios) return { status: 500, code: 'draft/internal', message: 'The scenarios did not run.' };
    return { ...a.scenarios, ms: a.ms };
  }

  private compile(text: string, bases: readonly DraftBase[], work: { simulate?: SimulateRequest; scenarios?: ScenariosRequest } = {}): Promise<CompileAnswer | DraftFailure> {
    const { simulate, scenarios } = work;
    if (this.closed) return Promise.resolve({ status: 503, code: 'server/closing', message: 'The server is shutting down.' });
    if (this.waiting.length >= this.options.queue) {
      return Promise.resolve({ status: 503, code: 'drafts/busy', message: 'Too many drafts are compiling; try again in a few seconds.' });
    }
    return new Promise((resolve) => {
      this.waiting.push({ n: ++this.n, text, bases: bases.filter((b) => BASE_ID.test(b.id)), resolve, budgetMs: simulate ? this.options.simulateMs : scenarios ? this.options.scenariosMs : this.options.compileMs, ...(simulate ? { simulate } : {}), ...(scenarios ? { scenarios } : {}) });
      void this.next();
    });
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(BOOT, { resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, maxYoungGenerationSizeMb: 32 } });
    this.worker = worker;
    worker.unref();
    this.ready = new Promise((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    worker.on('message', (m: CompileAnswer | 'ready') => {
      if (m === 'ready' || !this.running || m.n !== this.running.n) return;
      this.stats.compiled++;
      this.finish(m);
    });
    // A thread that died (heap limit, crash) fails the compile it ran, never the server.
    worker.on('error', () => this.lose({ status: 422, code: 'draft/too_big', message: `Compiling the draft needed more than ${this.options.heapMb} MB.` }));
    worker.on('exit', () => this.lose({ status: 500, code: 'draft/internal', message: 'The draft compiler stopped.' }));
    return this.ready;
  }

  private async next(): Promise<void> {
    if (this.running || this.waiting.length === 0) return;
    const job = this.waiting.shift()!;
    this.running = job;
    try {
      await this.start();
    } catch {
      // The thread may already have failed this job (its 'error' came first): fail only a job still running.
      if (this.running === job) this.lose({ status: 500, code: 'draft/internal', message: 'The draft compiler could not start.' });
      return;
    }
    if (this.running !== job) return;
    const timer = setTimeout(() => {
      if (this.running !== job) return;
      this.stats.terminated++;
      const what = job.simulate ? 'Compiling and simulating' : job.scenarios ? 'Compiling the draft and running its scenarios' : 'Compiling';
      this.lose({ status: 422, code: 'draft/too_slow', message: `${what}${job.scenarios ? '' : ' the draft'} took longer than ${job.budgetMs} ms: it was stopped.` });
    }, job.budgetMs);
    timer.unref();
    (job as Pending & { timer?: NodeJS.Timeout }).timer = timer;
    this.worker!.postMessage({ n: job.n, text: job.text, bases: job.bases, ...(job.simulate ? { simulate: job.simulate } : {}), ...(job.scenarios ? { scenarios: job.scenarios } : {}) });
  }

  private finish(answer: CompileAnswer | DraftFailure): void {
    const job = this.running;
    if (!job) return;
    clearTimeout((job as Pending & { timer?: NodeJS.Timeout }).timer);
    this.running = undefined;
    job.resolve(answer);
    void this.next();
  }

  /** The thread is gone (terminated, crashed, out of heap): the running compile fails with `failure`, the next one starts a new thread. */
  private lose(failure: DraftFailure): void {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (worker) {
      worker.removeAllListeners();
      worker.on('error', () => {});
      void worker.terminate();
    }
    this.finish(failure);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.modules) rmSync(this.modules, { recursive: true, force: true });
    for (const job of this.waiting.splice(0)) job.resolve({ status: 503, code: 'server/closing', message: 'The server is shutting down.' });
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      worker.removeAllListeners();
      await worker.terminate();
    }
    this.finish({ status: 503, code: 'server/closing', message: 'The server is shutting down.' });
  }
}
