// An author's README as plain-text blocks (headings, paragraphs, list items, code), for rendering as text: no HTML ever comes from it.

export type Block = { kind: 'h'; level: number; text: string } | { kind: 'p'; text: string } | { kind: 'li'; text: string } | { kind: 'code'; text: string };

/** Inline Markdown marks dropped (emphasis, code ticks, links shown as their text). */
function inline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=$|[^\w*])/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]*>/g, '');
}

/**
 * Splits Markdown into blocks of plain text, at most `maxBlocks` of them.
 *
 * @example
 * toBlocks('# Go Fish\n\nAsk for **ranks**.') // [{ kind: 'h', level: 1, text: 'Go Fish' }, { kind: 'p', text: 'Ask for ranks.' }]
 */
export function toBlocks(markdown: string, maxBlocks = 400): Block[] {
  const out: Block[] = [];
  let para: string[] = [];
  let code: string[] | null = null;
  const flush = () => {
    if (para.length > 0) out.push({ kind: 'p', text: inline(para.join(' ')) });
    para = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    if (out.length >= maxBlocks) break;
    if (code !== null) {
      if (/^\s*```/.test(raw)) {
        out.push({ kind: 'code', text: code.join('\n') });
        code = null;
      } else code.push(raw);
      continue;
    }
    const line = raw.trimEnd();
    if (/^\s*```/.test(line)) {
      flush();
      code = [];
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    const li = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (h) {
      flush();
      out.push({ kind: 'h', level: h[1]!.length, text: inline(h[2]!) });
    } else if (li) {
      flush();
      out.push({ kind: 'li', text: inline(li[1]!) });
    } else if (line.trim() === '' || /^\s*(---+|\|)/.test(line)) {
      flush();
      if (line.trim().startsWith('|')) out.push({ kind: 'p', text: inline(line.replace(/\|/g, ' ').replace(/\s+/g, ' ').trim()) });
    } else para.push(line.trim());
  }
  flush();
  if (code !== null) out.push({ kind: 'code', text: code.join('\n') });
  return out.filter((b) => b.text !== '' && !/^[-:\s]+$/.test(b.text));
}
