/**
 * Where the toast goes so that it never covers what the user needs next: the open dialog's title
 * and buttons, the focused control, the buttons of the form being worked in (the Mail composer's
 * send button), and anything marked `data-toast-avoid`. The first free corner wins, in the
 * screen's order of preference; when every corner covers something, the one covering least.
 */
export type ToastPlacement = 'bottom-right' | 'top-right' | 'bottom-left' | 'top-left' | 'top' | 'bottom';

type Box = { left: number; top: number; right: number; bottom: number };

export const WIDE_PLACEMENTS: ToastPlacement[] = ['bottom-right', 'top-right', 'bottom-left', 'top-left'];
export const NARROW_PLACEMENTS: ToastPlacement[] = ['top', 'bottom'];

const PROTECTED =
  '[role="dialog"] h1, [role="dialog"] h2, [role="dialog"] .mantine-Modal-title, [role="dialog"] button, [data-toast-avoid]';

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The candidate whose box covers the least of the protected boxes (the first one free of them all). */
export function choosePlacement<P extends string>(candidates: { placement: P; box: Box }[], protectedBoxes: Box[]): P {
  let best = candidates[0]!;
  let bestCovered = Infinity;
  for (const candidate of candidates) {
    const covered = protectedBoxes.reduce((sum, box) => sum + overlapArea(candidate.box, box), 0);
    if (covered === 0) return candidate.placement;
    if (covered < bestCovered) [best, bestCovered] = [candidate, covered];
  }
  return best.placement;
}

/**
 * A box where the layout puts it, without the CSS `translate` given (a computed value: `none`, `0px 12px`): the
 * toast's entrance slides it 12 px, and a corner chosen on a box measured mid-slide could cover a button once the
 * slide ends, as nothing moves the toast again then.
 */
export function withoutTranslate(box: Box, translate: string): Box {
  const [x = 0, y = 0] = translate.split(' ').map((part) => Number.parseFloat(part) || 0);
  return { left: box.left - x, top: box.top - y, right: box.right - x, bottom: box.bottom - y };
}

/** The boxes on screen the toast must leave visible. */
export function protectedBoxes(doc: Document, toast: Element): Box[] {
  const elements = new Set<Element>(doc.querySelectorAll(PROTECTED));
  const focused = doc.activeElement;
  if (focused && focused !== doc.body && !toast.contains(focused)) {
    elements.add(focused);
    focused
      .closest('form')
      ?.querySelectorAll('button')
      .forEach((button) => elements.add(button));
  }
  return [...elements]
    .filter((element) => !toast.contains(element))
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
}
