// A game's options as a form: defaults from the option domains, and the values the server takes
// (enums by name, durations in ms, booleans as booleans). Pure.
import type { OptionInfo, OptionValue } from '../net/api.ts';

/** Form value per option: numbers for int (and duration, in seconds), booleans, enum names. */
export type FormValues = Record<string, number | boolean | string>;

export function defaults(options: readonly OptionInfo[]): FormValues {
  const out: FormValues = {};
  for (const o of options) {
    if (o.kind === 'bool') out[o.name] = o.default === 1;
    else if (o.kind === 'enum') out[o.name] = o.values?.[o.default] ?? '';
    else if (o.kind === 'duration') out[o.name] = o.default / 1000;
    else out[o.name] = o.default;
  }
  return out;
}

/** Clamps into the domain; durations come back in ms. Options left at their default are omitted. */
export function toRequest(options: readonly OptionInfo[], form: FormValues): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const o of options) {
    const v = form[o.name];
    if (v === undefined) continue;
    if (o.kind === 'bool') {
      if ((v === true) !== (o.default === 1)) out[o.name] = v === true;
    } else if (o.kind === 'enum') {
      if (typeof v === 'string' && o.values?.includes(v) && v !== o.values[o.default]) out[o.name] = v;
    } else {
      let n = Number(v);
      if (!Number.isFinite(n)) continue;
      if (o.kind === 'duration') n = Math.round(n * 1000);
      else n = Math.round(n);
      if (o.min !== undefined) n = Math.max(o.min, n);
      if (o.max !== undefined) n = Math.min(o.max, n);
      if (n !== o.default) out[o.name] = n;
    }
  }
  return out;
}

/** "1–20", "0 s–120 s". */
export function domainText(o: OptionInfo): string {
  if (o.kind === 'duration') return `${(o.min ?? 0) / 1000}–${(o.max ?? 0) / 1000} s`;
  if (o.kind === 'int') return `${o.min}–${o.max}`;
  return '';
}

/**
 * The form's two groups: options the rule file marks `basic` are shown at once, the rest under
 * "Advanced options". When a game marks none, the first option (what a table is most often set
 * up by) is basic, so every form opens with something to set.
 */
export function optionGroups<O extends OptionInfo>(options: readonly O[]): { basic: O[]; advanced: O[] } {
  const marked = options.some((o) => o.group === 'basic');
  const basic = options.filter((o, i) => (marked ? o.group === 'basic' : i === 0));
  return { basic, advanced: options.filter((o) => !basic.includes(o)) };
}
