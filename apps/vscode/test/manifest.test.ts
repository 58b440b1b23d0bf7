// The extension's manifest contributes the languages, grammars and server command consistently.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
  main: string;
  engines: { vscode: string };
  contributes: {
    languages: { id: string; extensions: string[]; configuration: string }[];
    grammars: { language: string; scopeName: string; path: string }[];
    configuration: { properties: Record<string, { default: unknown }> };
  };
  devDependencies: Record<string, string>;
};

describe('the extension manifest', () => {
  const { languages, grammars, configuration } = manifest.contributes;

  it('contributes .rules and .scenario, each with a configuration file that exists', () => {
    expect(languages.map((l) => [l.id, l.extensions])).toEqual([['decksmith', ['.rules']], ['decksmith-scenario', ['.scenario']]]);
    for (const l of languages) {
      const config = JSON.parse(readFileSync(`${root}/${l.configuration}`, 'utf8')) as { comments: { lineComment: string } };
      expect(config.comments.lineComment).toBe('#');
    }
  });

  it('gives each language a grammar whose file exists and declares the same scope name', () => {
    expect(grammars.map((g) => g.language).sort()).toEqual(languages.map((l) => l.id).sort());
    for (const g of grammars) {
      const grammar = JSON.parse(readFileSync(`${root}/${g.path}`, 'utf8')) as { scopeName: string };
      expect(grammar.scopeName).toBe(g.scopeName);
    }
  });

  it('starts the repository\'s decksmith lsp command, which the CLI registers', () => {
    expect(configuration.properties['decksmith.server.command']!.default).toBe('npx');
    expect(configuration.properties['decksmith.server.args']!.default).toEqual(['--no-install', 'decksmith', 'lsp', '--stdio']);
    const program = readFileSync(`${root}/../../packages/cli/src/cli/program.ts`, 'utf8');
    expect(program).toContain('registerLsp');
    const command = readFileSync(`${root}/../../packages/cli/src/cli/lsp-command.ts`, 'utf8');
    expect(command).toContain(".command('lsp')");
    expect(command).toContain("'--stdio'");
  });

  it('names its bundled entry point and an engine no older than its vscode types', () => {
    expect(manifest.main).toBe('./dist/extension.js');
    expect(existsSync(`${root}/src/extension.ts`)).toBe(true);
    const engine = manifest.engines.vscode.replace(/^\^/, '').split('.').map(Number);
    const types = manifest.devDependencies['@types/vscode']!.split('.').map(Number);
    expect(engine[0]! * 1000 + engine[1]!).toBeGreaterThanOrEqual(types[0]! * 1000 + types[1]!);
  });
});
