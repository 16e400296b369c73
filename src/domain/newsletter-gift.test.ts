import { describe, expect, it } from 'vitest';
import { GIFT_FORMATS, giftReadingTips } from './newsletter-gift.js';

const said = (tips: { tip: string }[]) => tips.map((t) => t.tip).join(' ');

describe('giftReadingTips', () => {
  it('never says "Choose EPUB" for a gift offered only as a PDF, and names the PDF instead', () => {
    const tips = giftReadingTips(['pdf']);
    expect(said(tips)).not.toContain('EPUB');
    expect(said(tips)).toContain('Choose PDF');
    expect(tips.map((t) => t.device)).toEqual(['Kindle', 'Kobo', 'Apple Books']);
  });

  it('names only offered formats, for any set of them', () => {
    for (const format of GIFT_FORMATS) {
      const others = GIFT_FORMATS.filter((other) => other !== format);
      for (const other of others)
        expect(said(giftReadingTips([format]))).not.toContain(`Choose ${other.toUpperCase()}`);
    }
  });

  it('prefers EPUB when it is offered, and leaves out a device no format suits', () => {
    expect(giftReadingTips(['epub', 'pdf']).every((t) => t.tip.startsWith('Choose EPUB'))).toBe(true);
    expect(giftReadingTips(['mp3']).map((t) => t.device)).toEqual(['Any phone or computer']);
  });
});
