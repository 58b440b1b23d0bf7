// Identifiers and literals of generated code: safe JS names for rule-file names, quoted strings.

/** Words a rule-file name cannot become verbatim in generated code (JS reserved words and our own names). */
const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do',
  'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import',
  'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try',
  'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface',
  'package', 'private', 'protected', 'public', 'await', 'async', 'arguments', 'eval', 'undefined',
  'NaN', 'Infinity', 'Math', 'Object', 'Array', 'String', 'Number', 'Boolean',
  // names the generated code itself uses
  'x', 'a', 'n', 'bound', 'game', 'faces',
]);

/** A JS identifier for a rule-file value name (`final` stays, `x` becomes `x_`). */
export function jsName(name: string): string {
  return RESERVED.has(name) ? `${name}_` : name;
}

/** A single-quoted TypeScript string literal. */
export function str(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

// Author text inside a doc comment: a star-slash in it would close the comment and turn the rest
// into code, so it is written star-backslash-slash.
export function docText(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}

/** Text inside a template literal (backquotes, `${` and backslashes escaped). */
export function templateText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\n/g, '\\n');
}

/** `snake_case` or `kebab-case` → `UpperCamel`. */
export function upperCamel(name: string): string {
  return name.split(/[_\-\s]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** A property key: bare when it is an identifier, quoted otherwise. */
export function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : str(name);
}

/** Marks text as code in a data literal (`lit` prints it verbatim). */
export class Code {
  constructor(readonly text: string) {}
}

export const code = (text: string): Code => new Code(text);

/**
 * A table arrow `(x, a) => body`, leaving out parameters the body does not read
 * (`() => 1`, `(x) => x.opt(0)`).
 */
export function arrowCode(body: string, params: readonly string[] = ['x']): Code {
  // A false positive (the letter inside a string) only keeps a parameter, which is harmless.
  const reads = (p: string): boolean => new RegExp(`(^|[^\\w$.])${p}\\b`).test(body);
  let n = params.length;
  while (n > 0 && !reads(params[n - 1]!)) n--;
  return new Code(`(${params.slice(0, n).join(', ')}) => ${body}`);
}

/** Objects whose one-line form is at most this long are printed on one line. */
const ONE_LINE = 96;

/**
 * Prints plain data (numbers, strings, booleans, arrays, objects, `Code`) as a TypeScript
 * literal, keys in insertion order; `undefined` properties are left out.
 */
export function lit(value: unknown): string {
  if (value instanceof Code) return value.text;
  if (value === null) return 'null';
  if (typeof value === 'string') return str(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(lit);
    const line = `[${items.join(', ')}]`;
    const objects = items.some((i) => i.startsWith('{') || i.includes('\n'));
    if (!objects && line.length <= ONE_LINE) return line;
    if (objects) return `[\n${items.map((i) => `${i},`).join('\n')}\n]`;
    // Long lists of scalars are packed into lines of at most ONE_LINE characters.
    const rows: string[] = [];
    let row = '';
    for (const item of items) {
      const next = row === '' ? `${item},` : `${row} ${item},`;
      if (next.length > ONE_LINE && row !== '') {
        rows.push(row);
        row = `${item},`;
      } else row = next;
    }
    if (row !== '') rows.push(row);
    return `[\n${rows.join('\n')}\n]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const items = entries.map(([k, v]) => `${key(k)}: ${lit(v)}`);
    // Small flat objects stay on one line (`{ name: 'draw', scope: 'shared', … }`).
    const oneLine = `{ ${items.join(', ')} }`;
    if (oneLine.length <= ONE_LINE && !oneLine.includes('\n')) return oneLine;
    return `{\n${items.map((i) => `${i},`).join('\n')}\n}`;
  }
  throw new Error(`codegen: cannot print ${typeof value} as a literal`);
}
