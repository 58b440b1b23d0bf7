// Pointer drag of a card onto a zone (mouse, pen and touch alike): the card follows the pointer
// and, when released over an element marked `data-drop`, is handed to `onDrop` with that target.

export interface DragOptions {
  enabled: boolean;
  onDrop: (target: string | null) => void;
}

const THRESHOLD = 6;

/** Svelte action: `use:draggable={{ enabled, onDrop }}`. A plain click stays a click. */
export function draggable(node: HTMLElement, options: DragOptions) {
  let opts = options;
  let start: { x: number; y: number; id: number } | null = null;
  let dragging = false;
  let over: Element | null = null;

  const targetAt = (x: number, y: number): Element | null => {
    for (const el of document.elementsFromPoint(x, y)) {
      if (node.contains(el)) continue;
      const t = el.closest('[data-drop]');
      if (t) return t;
    }
    return null;
  };

  const move = (e: PointerEvent) => {
    if (!start || e.pointerId !== start.id) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!dragging && Math.hypot(dx, dy) < THRESHOLD) return;
    if (!dragging) {
      dragging = true;
      node.classList.add('dragging');
      node.setPointerCapture?.(e.pointerId);
    }
    node.style.transform = `translate(${dx}px, ${dy}px) rotate(4deg)`;
    const t = targetAt(e.clientX, e.clientY);
    if (t !== over) {
      over?.classList.remove('drop-over');
      t?.classList.add('drop-over');
      over = t;
    }
  };

  const end = (e: PointerEvent) => {
    if (!start || e.pointerId !== start.id) return;
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    start = null;
    if (!dragging) return;
    const t = e.type === 'pointerup' ? targetAt(e.clientX, e.clientY) : null;
    over?.classList.remove('drop-over');
    over = null;
    node.classList.remove('dragging');
    node.style.transform = '';
    // The click that follows a drag must not play the card a second time.
    const swallow = (ev: Event) => {
      ev.stopPropagation();
      ev.preventDefault();
    };
    node.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => node.removeEventListener('click', swallow, { capture: true }), 0);
    dragging = false;
    if (e.type === 'pointerup') opts.onDrop(t?.getAttribute('data-drop') ?? null);
  };

  const down = (e: PointerEvent) => {
    if (!opts.enabled || e.button !== 0) return;
    start = { x: e.clientX, y: e.clientY, id: e.pointerId };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };

  node.addEventListener('pointerdown', down);
  return {
    update(next: DragOptions) {
      opts = next;
    },
    destroy() {
      node.removeEventListener('pointerdown', down);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    },
  };
}
