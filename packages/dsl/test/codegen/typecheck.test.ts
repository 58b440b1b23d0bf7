// The generated module typechecks as a game package compiles it, and mistyped actions do not.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

describe('generated module types', () => {
  it('mini-shed typechecks, and every @ts-expect-error of its fixture is an error', () => {
    // The settings of a game package (games/<id>/tsconfig.json: the base, as the runtime compiles).
    const project = new Project({ tsConfigFilePath: here('../../../runtime/tsconfig.json'), skipAddingFilesFromTsConfig: true });
    const dir = here('./samples/mini-shed/');
    const module = project.createSourceFile(`${dir}mini-shed.generated.ts`, readFileSync(`${dir}_expected/mini-shed.generated.ts.snap`, 'utf8'));
    const fixture = project.createSourceFile(`${dir}types.fixture.ts`, readFileSync(`${dir}types.fixture.ts.txt`, 'utf8'));
    const diagnostics = [module, fixture].flatMap((f) => project.getProgram().getSemanticDiagnostics(f).concat(project.getProgram().getSyntacticDiagnostics(f))).map((d) => {
      const text = d.getMessageText();
      return `${d.getSourceFile()?.getBaseName() ?? ''}:${d.getLineNumber() ?? 0} ${typeof text === 'string' ? text : text.getMessageText()}`;
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
