// nx `gen` target of @decksmith/dsl: compiles src/grammar/*.peggy to ES modules with .d.ts files
// in src/grammar/generated/. A no-op (exit 0) while no grammar exists.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
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
  // Relative paths keep the generated header identical on every machine.
  execFileSync(
    process.execPath,
    [peggyBin, '--format', 'es', '--dts', '-o', out.slice(root.length + 1), join('src', 'grammar', grammar)],
    { cwd: root, stdio: 'inherit' },
  );
  console.log(`dsl gen: ${grammar} -> ${out.slice(root.length + 1)}`);
}
