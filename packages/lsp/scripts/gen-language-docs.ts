// Writes src/hover/language-docs.generated.ts: the hover line of every keyword and built-in
// function, read from docs/language.md. Run after editing the doc: npx tsx packages/lsp/scripts/gen-language-docs.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { docWords, languageDocPath } from '../src/hover/doc-words.ts';
import { extractDocs, renderDocsModule } from '../src/hover/extract-docs.ts';

const out = fileURLToPath(new URL('../src/hover/language-docs.generated.ts', import.meta.url));
const table = extractDocs(readFileSync(languageDocPath(), 'utf8'), docWords());
writeFileSync(out, renderDocsModule(table));
console.log(`wrote ${Object.keys(table).length} of ${docWords().length} words to ${out}`);
