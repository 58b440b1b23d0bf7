// The hover table is docs/language.md's: regenerating it from the doc gives the committed file.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docWords, languageDocPath } from '../src/hover/doc-words.ts';
import { extractDocs, renderDocsModule } from '../src/hover/extract-docs.ts';
import { LANGUAGE_DOCS } from '../src/hover/language-docs.generated.ts';

describe('the hover table of keywords and built-ins', () => {
  const doc = readFileSync(languageDocPath(), 'utf8');

  it('matches docs/language.md (else: npx tsx packages/lsp/scripts/gen-language-docs.ts)', () => {
    const committed = readFileSync(fileURLToPath(new URL('../src/hover/language-docs.generated.ts', import.meta.url)), 'utf8');
    expect(renderDocsModule(extractDocs(doc, docWords()))).toBe(committed);
  });

  it('documents the common statements and built-ins from their reference rows', () => {
    expect(LANGUAGE_DOCS.move!.doc).toMatch(/^`move c to z`.* — move one card$/);
    expect(LANGUAGE_DOCS.sqrt!.doc).toContain('sqrt');
    expect(LANGUAGE_DOCS.zone!.section).toBe('5. Zones');
    expect(Object.keys(LANGUAGE_DOCS).length).toBeGreaterThan(docWords().length / 2);
  });

  it('reads a row, a section title and a prose row', () => {
    const md = '## Part II\n### 3. Widgets\n\nA widget is a thing. More.\n\n| form | meaning |\n|---|---|\n| `spin w` | turns it |\n| misc | `zap`, `zip` (not `zop`) |\n';
    expect(extractDocs(md, ['spin', 'widget', 'zip', 'zop', 'nothing'])).toEqual({
      spin: { doc: '`spin w` — turns it', section: '3. Widgets' },
      widget: { doc: 'Widgets: A widget is a thing.', section: '3. Widgets' },
      zip: { doc: 'misc — `zap`, `zip` (not `zop`)', section: '3. Widgets' },
    });
  });
});
