// Talks to the checker thread: one request at a time per text, the latest answer wins.
import type { CheckAnswer } from './check-worker.ts';

export class Checker {
  private readonly worker: Worker;
  private n = 0;
  private readonly waiting = new Map<number, (a: CheckAnswer) => void>();

  constructor() {
    this.worker = new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<CheckAnswer>) => {
      const resolve = this.waiting.get(e.data.id);
      this.waiting.delete(e.data.id);
      resolve?.(e.data);
    };
  }

  check(file: string, text: string, others: readonly { name: string; text: string }[] = []): Promise<CheckAnswer> {
    const id = ++this.n;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, file, text, others });
    });
  }

  /** The text in `decksmith fmt`'s layout (the same formatter, in the thread). */
  async format(file: string, text: string): Promise<string> {
    const id = ++this.n;
    const a = await new Promise<CheckAnswer>((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, file, text, format: true });
    });
    return a.formatted ?? text;
  }

  stop(): void {
    this.worker.terminate();
  }
}
