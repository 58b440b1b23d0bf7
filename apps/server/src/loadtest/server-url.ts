// The URL a spawned server under test prints (`{"url": …}` on stdout); the server is killed when this process exits.
import type { ChildProcess } from 'node:child_process';

/**
 * Resolves with the URL `child` (spawned with a piped stdout) prints, or rejects if it exits
 * first; kills it (SIGKILL) when this process exits, whatever happens to this process.
 *
 * @example
 * const url = await serverUrl(spawn(process.execPath, [...], { stdio: ['ignore', 'pipe', 'inherit'] }));
 */
export function serverUrl(child: ChildProcess): Promise<string> {
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const line = d.toString().split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}
