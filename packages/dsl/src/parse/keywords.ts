// The reserved words of the language (docs/language.md §1); must match the grammar's list.

/** Reserved words: they cannot be used as names. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'game', 'extends', 'summary', 'players', 'option', 'enum', 'card', 'shown', 'deck', 'per',
  'where', 'zone', 'var', 'player', 'side', 'pile', 'sides', 'roles', 'die', 'meld', 'rules',
  'define', 'procedure', 'rounds', 'count', 'until', 'dealer', 'setup', 'stages',
  'scoring', 'stage', 'turns', 'realtime', 'pause', 'steps', 'timer', 'idle', 'on', 'window',
  'blocking', 'timeout', 'action', 'by', 'current', 'any', 'except', 'with', 'role', 'during',
  'races', 'rate', 'once', 'before', 'after', 'when', 'winner', 'lowest', 'highest', 'ties',
  'replay', 'layout', 'move', 'deal', 'flip', 'shuffle', 'into', 'to', 'from', 'top',
  'bottom', 'of', 'at', 'new', 'one', 'all', 'set', 'add', 'subtract', 'let', 'if', 'then', 'else',
  'for', 'each', 'in', 'repeat', 'end', 'turn', 'keep', 'skip', 'next', 'reverse', 'open', 'close',
  'announce', 'require', 'lay', 'best', 'melds', 'refill', 'keeping', 'over', 'and', 'or', 'not',
  'is', 'empty', 'true', 'false', 'none', 'me', 'my', 'intersects', 'without', 'exists', 'last',
  'first', 'sum', 'max', 'min', 'roll', 'random', 'elapsed', 'now', 'left', 'right', 'round',
  'position', 'the', 'remove', 'mod',
]);
