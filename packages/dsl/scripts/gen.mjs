// nx `gen` target of @decksmith/dsl: compiles src/grammar/*.peggy to ES modules with .d.ts files
// in src/grammar/generated/. A no-op (exit 0) while no grammar exists.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const grammarDir = join(root, 'src', 'grammar');
const outDir = join(grammarDir, 'generated');

const grammars = existsSync(grammarDir)
  ? readdirSync(grammarDir).filter((f) => f.endsWith('.peggy')).sort()
  : [];

if (grammars.length === 0) {
  console.log('dsl gen: no src/grammar/*.peggy yet, nothing to generate');
  process.exit(0);
}

const peggyBin = createRequire(import.meta.url).resolve('peggy/bin/peggy.js');
mkdirSync(outDir, { recursive: true });
for (const grammar of grammars) {
  const out = join(outDir, `${basename(grammar, '.peggy')}.js`);
  // A grammar names its extra start rules in a `// @allowed-start-rules A, B` line (the first rule stays the default).
  const declared = /^\/\/ @allowed-start-rules (.+)$/m.exec(readFileSync(join(grammarDir, grammar), 'utf8'));
  const startRules = declared ? ['--allowed-start-rules', declared[1].split(',').map((r) => r.trim()).join(',')] : [];
  // Relative paths keep the generated header identical on every machine.
  execFileSync(
    process.execPath,
    [peggyBin, '--format', 'es', '--dts', ...startRules, '-o', out.slice(root.length + 1), join('src', 'grammar', grammar)],
    { cwd: root, stdio: 'inherit' },
  );
  console.log(`dsl gen: ${grammar} -> ${out.slice(root.length + 1)}`);
}
