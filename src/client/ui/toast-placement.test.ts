import { describe, expect, it } from 'vitest';
import { choosePlacement, withoutTranslate } from './toast-placement.js';

const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe('choosePlacement', () => {
  const candidates = [
    { placement: 'bottom-right', box: box(850, 600, 1250, 700) },
    { placement: 'top-right', box: box(850, 20, 1250, 120) },
    { placement: 'bottom-left', box: box(20, 600, 420, 700) },
  ];

  it('keeps the preferred corner when it covers nothing', () => {
    expect(choosePlacement(candidates, [box(500, 300, 600, 340)])).toBe('bottom-right');
  });

  it('moves off a send button at the bottom right, and off a dialog title at the top', () => {
    const sendButton = box(1100, 640, 1240, 680);
    expect(choosePlacement(candidates, [sendButton])).toBe('top-right');
    expect(choosePlacement(candidates, [sendButton, box(400, 60, 900, 100)])).toBe('bottom-left');
  });

  it('covers as little as it can when every corner covers something', () => {
    expect(choosePlacement(candidates, [box(0, 0, 1280, 110), box(1240, 690, 1250, 700), box(0, 650, 430, 700)])).toBe(
      'bottom-right',
    );
  });
});

describe('withoutTranslate', () => {
  it('gives the box where the layout puts it, mid-slide or not', () => {
    expect(withoutTranslate(box(850, 612, 1250, 712), '0px 12px')).toEqual(box(850, 600, 1250, 700));
    expect(withoutTranslate(box(850, 594.5, 1250, 694.5), '0px -5.5px')).toEqual(box(850, 600, 1250, 700));
    expect(withoutTranslate(box(860, 600, 1260, 700), '10px')).toEqual(box(850, 600, 1250, 700));
    expect(withoutTranslate(box(850, 600, 1250, 700), 'none')).toEqual(box(850, 600, 1250, 700));
  });
});
