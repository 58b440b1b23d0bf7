// Go to definition, find references and rename: every site of the declaration a name means.
import { KEYWORDS } from '@decksmith/dsl/parse/keywords.ts';
import { ResponseError, ErrorCodes, type Location, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyse.ts';
import { siteAt, type NameSite } from '../analysis/names.ts';
import { toRange } from '../convert.ts';

/** The sites that mean the same declaration as the name at `offset` (none for an unknown name). */
export function sameSymbol(a: Analysis, offset: number): { at: NameSite; sites: NameSite[] } | null {
  const at = siteAt(a.names, offset);
  if (!at || at.key === '') return null;
  return { at, sites: a.names.filter((s) => s.key === at.key) };
}

export function definition(a: Analysis, uri: string, offset: number): Location[] {
  const found = sameSymbol(a, offset);
  if (!found) return [];
  return found.sites.filter((s) => s.decl !== null).map((s) => ({ uri, range: toRange(s.loc) }));
}

export function references(a: Analysis, uri: string, offset: number, includeDeclaration: boolean): Location[] {
  const found = sameSymbol(a, offset);
  if (!found) return [];
  return found.sites.filter((s) => includeDeclaration || s.decl === null).map((s) => ({ uri, range: toRange(s.loc) }));
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Renames every site of the declaration at `offset`. A new name that is not a name, is a
 * reserved word, or is already declared in the file is refused with an error, and nothing changes.
 */
export function rename(a: Analysis, uri: string, offset: number, newName: string): WorkspaceEdit {
  const found = sameSymbol(a, offset);
  if (!found) throw new ResponseError(ErrorCodes.InvalidRequest, 'There is no declared name here to rename.');
  if (!NAME.test(newName)) throw new ResponseError(ErrorCodes.InvalidParams, `"${newName}" is not a name: letters, digits and _, not starting with a digit.`);
  if (KEYWORDS.has(newName)) throw new ResponseError(ErrorCodes.InvalidParams, `"${newName}" is a reserved word and cannot be a name.`);
  if (a.names.some((s) => s.decl !== null && s.text === newName)) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"${newName}" is already declared in this file.`);
  }
  const edits: TextEdit[] = found.sites.map((s) => ({ range: toRange(s.loc), newText: newName }));
  return { changes: { [uri]: edits } };
}
