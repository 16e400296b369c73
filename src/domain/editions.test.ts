import { describe, expect, it } from 'vitest';
import { lowestEditionPrice, normalizeEditionPrice, parseEditionPrice } from './editions.js';
import { shopForUrl } from './retailers.js';
import { seriesNumberLabel } from './series.js';

describe('lowestEditionPrice', () => {
  it('is the cheapest priced edition, by amount not by text', () => {
    expect(lowestEditionPrice([{ price: '$27.99' }, { price: '$9.99' }, { price: null }, { price: '$18.99' }])).toBe(
      '$9.99',
    );
    expect(lowestEditionPrice([{ price: '$100' }, { price: '$20.5' }])).toBe('$20.5');
  });

  it('is null when no edition has a price', () => {
    expect(lowestEditionPrice([])).toBeNull();
    expect(lowestEditionPrice([{ price: null }])).toBeNull();
  });
});

describe('parseEditionPrice', () => {
  it.each([
    ['$18.99', { currency: '$', amount: 18.99 }],
    ['€ 12', { currency: '€', amount: 12 }],
    ['£9.5', { currency: '£', amount: 9.5 }],
  ])('reads %j', (text, parsed) => expect(parseEditionPrice(text)).toEqual(parsed));

  it.each(['18.99', '$-1', '$1.999', 'free', '$ 1 000', '¥500'])('refuses %j', (text) =>
    expect(parseEditionPrice(text)).toBeNull(),
  );
});

describe('normalizeEditionPrice', () => {
  it.each([
    ['29.99', '$', '$29.99'],
    [' 29.99 ', '€', '€29.99'],
    ['12 €', '$', '€12'],
    ['$18.99', '£', '$18.99'],
    ['free', '$', 'free'],
  ] as const)('writes %j (default %s) as %j', (text, currency, stored) =>
    expect(normalizeEditionPrice(text, currency)).toBe(stored),
  );
});

describe('shops and series labels', () => {
  it.each([
    ['https://www.amazon.com/dp/1', 'Amazon'],
    ['https://amazon.co.uk/x', 'Amazon'],
    ['https://books.apple.com/us/book/x', 'Apple Books'],
    ['https://www.barnesandnoble.com/w/x', 'Barnes & Noble'],
    ['https://uk.bookshop.org/p/x', 'Bookshop.org'],
    ['https://www.kobo.com/ebook/x', 'Kobo'],
    ['https://www.waterstones.com/book/x', 'Waterstones'],
    ['https://www.audible.com/pd/x', 'Audible'],
    ['https://play.google.com/store/books/details?id=x', 'Google Play'],
  ])('%s is %s', (url, name) => expect(shopForUrl(url)?.name).toBe(name));

  it('does not mistake a look-alike host for a known shop', () => {
    expect(shopForUrl('https://notamazon.com/x')).toBeNull();
    expect(shopForUrl('https://amazon.com.evil.example/x')).toBeNull();
    expect(shopForUrl('not a url')).toBeNull();
  });

  it('labels the book by its number in the series, not by position', () => {
    expect(seriesNumberLabel(1)).toBe('Book 1');
    expect(seriesNumberLabel(2.5)).toBe('Book 2.5');
    expect(seriesNumberLabel(null)).toBeNull();
  });
});
