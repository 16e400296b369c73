import type { Page } from 'playwright-core';

export type LayoutShift = { value: number; moved: string[] };

/** Records layout shifts (CLS entries) from now on, each with the elements that moved (to tell what shifted). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const describe = ({ node, previousRect: from, currentRect: to }: Source) => {
      const element = node instanceof Element ? node : node?.parentElement;
      const name = element
        ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className}`
        : '?';
      return `${name} (${from.x},${from.y} ${from.width}x${from.height} -> ${to.x},${to.y} ${to.width}x${to.height})`;
    };
    const shifts: Array<{ value: number; moved: string[] }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Source[] }>)
        shifts.push({ value: entry.value, moved: (entry.sources ?? []).map(describe) });
    }).observe({ type: 'layout-shift' });
  });
}

/** The shifts recorded since watchLayoutShifts. */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: LayoutShift[] }).__shifts);
}

/** Layout shifts are reported when a frame paints: resolves once two more frames have painted. */
export function afterNextPaint(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
