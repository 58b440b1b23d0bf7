// The language server: wires the features to a connection and keeps one analysis per open document.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadBase } from '@decksmith/dsl/check/index.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import { formatSource } from '@decksmith/dsl/fmt/index.ts';
import {
  DiagnosticSeverity, TextDocuments, TextDocumentSyncKind, type Connection, type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyseSafely, isScenario, type Analysis } from './analysis/analyse.ts';
import { gameAnalyses, gameFileOf } from './analysis/scenario-game.ts';
import { toLspDiagnostic } from './convert.ts';
import { complete } from './features/complete.ts';
import { hover } from './features/hover.ts';
import { definition, references, rename, sameSymbol } from './features/navigate.ts';
import { scenarioDefinition, scenarioHover, scenarioReferences, type GameOfScenario } from './features/scenario-names.ts';
import { documentSymbols } from './features/symbols.ts';
import { diskLoadBase } from './load-base.ts';

/** Server settings; the defaults suit an editor. */
export interface ServerOptions {
  /** Quiet time after a keystroke before a document is checked again (ms). */
  readonly debounceMs?: number;
  /** Documents larger than this are not analysed (a diagnostic says so). */
  readonly maxDocumentChars?: number;
  readonly loadBase?: LoadBase;
  /**
   * Runs a saved scenario file and returns its diagnostics (a failed expectation, a rejected
   * play, an unknown action…). Given by `decksmith lsp`, which owns the scenario runner; without
   * it scenario files get syntax diagnostics only. Runs on open and save, one run at a time.
   */
  readonly runScenario?: (file: string) => Promise<readonly Diagnostic[]>;
}

export const DEFAULT_DEBOUNCE_MS = 40;
export const DEFAULT_MAX_DOCUMENT_CHARS = 1_000_000;

/** The file name a document is analysed under: its path for file: URIs, else the URI. */
function fileOf(uri: string): string {
  return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
}

/**
 * Serves the Decksmith language on a connection (stdio for `decksmith lsp`, streams in tests).
 * Every request reads the analysis of the document's current text, made on demand if a check
 * is still waiting for its debounce.
 */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const maxChars = options.maxDocumentChars ?? DEFAULT_MAX_DOCUMENT_CHARS;
  const loadBase = options.loadBase ?? diskLoadBase();
  const documents = new TextDocuments(TextDocument);
  const analyses = new Map<string, { version: number; analysis: Analysis }>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const gameAnalysis = gameAnalyses(loadBase);
  /** A scenario's game (its rule file on disk, analysed), or null. */
  const gameOf = (a: Analysis, doc: TextDocument): GameOfScenario | null => {
    if (a.kind !== 'scenario' || !a.scenario || !doc.uri.startsWith('file:')) return null;
    const file = gameFileOf(a.scenario, fileOf(doc.uri));
    return file ? { file, analysis: gameAnalysis(file) } : null;
  };
  const tooLarge = (doc: TextDocument) => doc.getText().length > maxChars;
  const analysisOf = (doc: TextDocument): Analysis => {
    const cached = analyses.get(doc.uri);
    if (cached && cached.version === doc.version) return cached.analysis;
    const text = tooLarge(doc) ? '' : doc.getText();
    const analysis = analyseSafely(text, fileOf(doc.uri), loadBase);
    analyses.set(doc.uri, { version: doc.version, analysis });
    return analysis;
  };
  /** The last run's diagnostics of each scenario file, shown while its text is the one saved. */
  const runs = new Map<string, { text: string; diagnostics: readonly Diagnostic[] }>();
  // One scenario run at a time in the whole server (a run compiles and plays a game); files
  // saved meanwhile wait in `queue`, each once, and run in turn with their text of that moment.
  let busy = false;
  const queue = new Set<string>();
  const runOne = async (uri: string): Promise<void> => {
    const doc = documents.get(uri);
    if (!doc || !options.runScenario) return;
    const file = fileOf(uri);
    const text = doc.getText();
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) return; // the run reads the file: only when it is the text shown
    let diagnostics: readonly Diagnostic[];
    try {
      diagnostics = await options.runScenario(file);
    } catch (error) {
      connection.console.error(`decksmith: the scenario run failed: ${error instanceof Error ? error.message : String(error)}`);
      diagnostics = [];
    }
    runs.set(uri, { text, diagnostics });
    const current = documents.get(uri);
    if (current) publish(current);
  };
  const runScenario = async (doc: TextDocument): Promise<void> => {
    if (!options.runScenario || !isScenario(doc.uri) || !doc.uri.startsWith('file:')) return;
    queue.add(doc.uri);
    if (busy) return;
    busy = true;
    try {
      for (let next = queue.values().next(); !next.done; next = queue.values().next()) {
        queue.delete(next.value);
        await runOne(next.value);
      }
    } finally {
      busy = false;
    }
  };
  const publish = (doc: TextDocument) => {
    if (tooLarge(doc)) {
      void connection.sendDiagnostics({
        uri: doc.uri,
        version: doc.version,
        diagnostics: [{
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          severity: DiagnosticSeverity.Error, code: 'document_too_large', source: 'decksmith',
          message: `This file has ${doc.getText().length} characters; the language server checks files of at most ${maxChars}.`,
        }],
      });
      return;
    }
    const file = fileOf(doc.uri);
    const a = analysisOf(doc);
    const run = runs.get(doc.uri);
    const fromRun = run && run.text === doc.getText() && a.diagnostics.length === 0 ? run.diagnostics : [];
    void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: [...a.diagnostics, ...fromRun].map((d) => toLspDiagnostic(d, file, doc.uri)) });
  };
  const schedule = (doc: TextDocument) => {
    clearTimeout(timers.get(doc.uri));
    timers.set(doc.uri, setTimeout(() => {
      timers.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (current) publish(current);
    }, debounceMs));
  };

  // Opening a document counts as a change (its first content): checked after the same debounce.
  documents.onDidChangeContent((e) => schedule(e.document));
  documents.onDidOpen((e) => void runScenario(e.document));
  documents.onDidSave((e) => void runScenario(e.document));
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    analyses.delete(e.document.uri);
    runs.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  const withDoc = <T>(uri: string, empty: T, f: (a: Analysis, doc: TextDocument) => T): T => {
    const doc = documents.get(uri);
    return doc && !tooLarge(doc) ? f(analysisOf(doc), doc) : empty;
  };

  connection.onInitialize((): InitializeResult => ({
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      completionProvider: { triggerCharacters: ['.'] },
      documentFormattingProvider: true,
      documentSymbolProvider: true,
    },
    serverInfo: { name: 'decksmith', version: '0.0.0' },
  }));
  connection.onHover((p) => withDoc(p.textDocument.uri, null, (a, d) => {
    const game = gameOf(a, d);
    return game ? scenarioHover(a, game, d.offsetAt(p.position)) : hover(a, d.offsetAt(p.position));
  }));
  connection.onDefinition((p) => withDoc(p.textDocument.uri, [], (a, d) => {
    const game = gameOf(a, d);
    return game ? scenarioDefinition(a, game, d.offsetAt(p.position)) : definition(a, d.uri, d.offsetAt(p.position));
  }));
  connection.onReferences((p) => withDoc(p.textDocument.uri, [], (a, d) => {
    const game = gameOf(a, d);
    const offset = d.offsetAt(p.position);
    return game ? scenarioReferences(a, d.uri, game, offset, p.context.includeDeclaration) : references(a, d.uri, offset, p.context.includeDeclaration);
  }));
  connection.onPrepareRename((p) => withDoc(p.textDocument.uri, null, (a, d) => {
    const found = sameSymbol(a, d.offsetAt(p.position));
    return found ? { start: d.positionAt(found.at.loc.start.offset), end: d.positionAt(found.at.loc.end.offset) } : null;
  }));
  connection.onRenameRequest((p) => withDoc(p.textDocument.uri, null, (a, d) => rename(a, d.uri, d.offsetAt(p.position), p.newName)));
  connection.onCompletion((p) => withDoc(p.textDocument.uri, [], (a, d) => complete(a, d.offsetAt(p.position), gameOf(a, d)?.analysis)));
  connection.onDocumentSymbol((p) => withDoc(p.textDocument.uri, [], (a) => documentSymbols(a)));
  connection.onDocumentFormatting((p) => {
    const doc = documents.get(p.textDocument.uri);
    if (!doc || tooLarge(doc)) return [];
    const text = doc.getText();
    const formatted = formatSource(text, isScenario(doc.uri) ? 'scenario' : 'rules');
    if (formatted === text) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: formatted }];
  });

  documents.listen(connection);
  connection.listen();
}
