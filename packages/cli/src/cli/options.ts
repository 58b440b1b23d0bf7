// Shared option parsers for the sub-commands; a bad value is a usage error (exit 2).
import { InvalidArgumentError } from 'commander';

/** Parses a positive integer flag value such as `--players 4`. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError('expected a positive integer.');
  }
  return n;
}

/** Parses a positive number flag value such as `--seconds 2.5`. */
export function positiveNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) {
    throw new InvalidArgumentError('expected a positive number.');
  }
  return n;
}

/** Parses a TCP port (0 picks a free one). */
export function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  }
  return n;
}

/** Collects a repeatable `--option key=value` flag into a record. */
export function keyValue(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const eq = value.indexOf('=');
  if (eq <= 0) {
    throw new InvalidArgumentError('expected key=value.');
  }
  return { ...previous, [value.slice(0, eq)]: value.slice(eq + 1) };
}

/** Collects a repeatable flag (such as `--games <dir>`) into a list. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
