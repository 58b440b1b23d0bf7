// Highlighting of the rule language in CodeMirror: a StreamLanguage over comments, strings (with {interpolations}), numbers, durations, keywords and codes.
import { StreamLanguage, type StreamParser } from '@codemirror/language';
import { KEYWORDS } from '@decksmith/dsl/parse/keywords.ts';

interface State {
  /** Inside a string literal (strings never span lines). */
  inString: boolean;
}

const rules: StreamParser<State> = {
  name: 'decksmith-rules',
  startState: () => ({ inString: false }),
  token(stream, state) {
    if (state.inString) {
      while (!stream.eol()) {
        if (stream.match('\\"') || stream.match('\\\\') || stream.match('{{') || stream.match('}}')) continue;
        const ch = stream.next();
        if (ch === '"') {
          state.inString = false;
          return 'string';
        }
        if (ch === '{') {
          stream.skipTo('}');
          stream.next();
          return 'string';
        }
      }
      state.inString = false;
      return 'string';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('#')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('"')) {
      state.inString = true;
      return 'string';
    }
    if (stream.match(/^\d+(\.\d+)?(ms|s|m)?\b/)) return 'number';
    if (stream.match(/^[a-z_][a-z0-9_]*\/[a-z_][a-z0-9_]*/)) return 'labelName';
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/) as RegExpMatchArray | null;
    if (word) {
      if (KEYWORDS.has(word[0])) return 'keyword';
      return /^[A-Z]/.test(word[0]) ? 'typeName' : 'variableName';
    }
    if (stream.match(/^(==|!=|<=|>=|\.\.|[-+*/<>=×])/)) return 'operator';
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
};

export const rulesLanguage = StreamLanguage.define(rules);
