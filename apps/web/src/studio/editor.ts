// The CodeMirror 6 editor of the studio: rule-file highlighting, history, and the checker's diagnostics as lint marks (debounced by the linter).
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { rulesLanguage } from './rules-mode.ts';

/** A checker diagnostic's position (1-based line and column, end exclusive) as the editor names it. */
export interface Located {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

/** A 1-based line and column as a document offset, clamped into the document. */
export function offsetOf(doc: Text, line: number, col: number): number {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(l.from + Math.max(col, 1) - 1, l.to);
}

/** Checker diagnostics as CodeMirror's: the code leads the message, as `decksmith check` prints it. */
export function toCm(doc: Text, diagnostics: readonly Located[]): CmDiagnostic[] {
  return diagnostics.map((d) => {
    const from = offsetOf(doc, d.line, d.col);
    const to = Math.max(from, offsetOf(doc, d.endLine, d.endCol));
    return { from, to, severity: d.severity, message: `${d.code}: ${d.message}`, source: d.code };
  });
}

export interface EditorHooks {
  /** Diagnostics of the text (the linter calls it after a pause in typing). */
  lint: (text: string) => Promise<readonly Located[]>;
  onChange: (text: string) => void;
}

/** Milliseconds of quiet typing before the text is checked again. */
export const LINT_DELAY_MS = 250;

export function editorState(doc: string, hooks: EditorHooks | null): EditorState {
  return EditorState.create({
    doc,
    extensions: [
      lineNumbers(),
      history(),
      highlightActiveLine(),
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
      rulesLanguage,
      syntaxHighlighting(defaultHighlightStyle),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': 'Rule file' }),
      ...(hooks
        ? [
            lintGutter(),
            linter(async (view) => {
              const doc = view.state.doc;
              return toCm(doc, await hooks.lint(doc.toString()));
            }, { delay: LINT_DELAY_MS }),
            EditorView.updateListener.of((u) => {
              if (u.docChanged) hooks.onChange(u.state.doc.toString());
            }),
          ]
        : []),
    ],
  });
}
