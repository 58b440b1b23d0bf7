// A Svelte action for boxes that scroll (a wide score table, a long chat): while the content overflows and nothing inside can take focus, the box itself takes it, so a keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Whether the box's content is larger than the box, in either direction (a pixel of rounding aside). */
function overflows(node: HTMLElement): boolean {
  return node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
}

/**
 * `use:scrollRegion={label}`: `tabindex="0"` and `aria-label={label}` (unless the markup labels
 * it) while `node` scrolls and holds nothing focusable (a `div` without a role also gets
 * `role="region"`, which a label needs); removed again when it fits. Checked when the box or its content changes size or its content changes.
 */
export function scrollRegion(node: HTMLElement, label: string): { update(label: string): void; destroy(): void } {
  let name = label;
  // What the markup already gives the box is kept: only what this action added is taken away.
  const region = node.tagName === 'DIV' && !node.hasAttribute('role');
  const labelled = node.hasAttribute('aria-label') || node.hasAttribute('aria-labelledby');
  let on = false;
  const check = (): void => {
    const want = overflows(node) && node.querySelector(FOCUSABLE) === null;
    if (want === on && (!want || labelled || node.getAttribute('aria-label') === name)) return;
    on = want;
    if (want) {
      node.tabIndex = 0;
      if (!labelled) node.setAttribute('aria-label', name);
      if (region) node.setAttribute('role', 'region');
    } else {
      node.removeAttribute('tabindex');
      if (!labelled) node.removeAttribute('aria-label');
      if (region) node.removeAttribute('role');
    }
  };
  let frame = 0;
  const soon = (): void => {
    if (frame === 0) frame = requestAnimationFrame(() => ((frame = 0), check()));
  };
  const sizes = new ResizeObserver(soon);
  sizes.observe(node);
  for (const child of node.children) sizes.observe(child);
  const content = new MutationObserver(() => {
    for (const child of node.children) sizes.observe(child);
    soon();
  });
  content.observe(node, { childList: true, subtree: true, characterData: true });
  check();
  return {
    update(label: string) {
      name = label;
      check();
    },
    destroy() {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      content.disconnect();
    },
  };
}
