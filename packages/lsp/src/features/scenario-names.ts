// A scenario's names are its game's: hover, go to definition and references reach into the rule file.
import { pathToFileURL } from 'node:url';
import type { Hover, Location } from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyse.ts';
import { isGlobalKey, namespaceOf, siteAt, type NameSite } from '../analysis/names.ts';
import { toRange } from '../convert.ts';
import { hover } from './hover.ts';

/** The game's rule file and its analysis, for a scenario. */
export interface GameOfScenario {
  readonly file: string;
  readonly analysis: Analysis;
}

/** The key of the game's declaration a scenario's name means: in its namespace (`p1 does <name>`: an action), else any. */
function keyOf(game: GameOfScenario, site: NameSite): string | undefined {
  const keys = new Set(game.analysis.names.filter((s) => s.decl !== null && isGlobalKey(s.key)).map((s) => s.key));
  return [`${namespaceOf(null, site.role)}:${site.text}`, `g:${site.text}`, `a:${site.text}`, `f:${site.text}`].find((k) => keys.has(k));
}

function declsOf(game: GameOfScenario, site: NameSite): NameSite[] {
  const key = keyOf(game, site);
  return key ? game.analysis.names.filter((s) => s.key === key && s.decl !== null) : [];
}

export function scenarioDefinition(a: Analysis, game: GameOfScenario, offset: number): Location[] {
  const site = siteAt(a.names, offset);
  if (!site) return [];
  const uri = pathToFileURL(game.file).href;
  return declsOf(game, site).map((d) => ({ uri, range: toRange(d.loc) }));
}

export function scenarioReferences(a: Analysis, uri: string, game: GameOfScenario, offset: number, includeDeclaration: boolean): Location[] {
  const site = siteAt(a.names, offset);
  const key = site ? keyOf(game, site) : undefined;
  if (!site || !key) return [];
  const gameUri = pathToFileURL(game.file).href;
  const inGame = game.analysis.names.filter((s) => s.key === key && (includeDeclaration || s.decl === null));
  return [
    ...inGame.map((s) => ({ uri: gameUri, range: toRange(s.loc) })),
    ...a.names.filter((s) => s.text === site.text && keyOf(game, s) === key).map((s) => ({ uri, range: toRange(s.loc) })),
  ];
}

/** The hover of the name's declaration in the game, shown at the scenario's name. */
export function scenarioHover(a: Analysis, game: GameOfScenario, offset: number): Hover | null {
  const site = siteAt(a.names, offset);
  const decl = site ? declsOf(game, site)[0] : undefined;
  if (!site || !decl) return hover(a, offset);
  const h = hover(game.analysis, decl.loc.start.offset);
  return h ? { contents: h.contents, range: toRange(site.loc) } : null;
}
