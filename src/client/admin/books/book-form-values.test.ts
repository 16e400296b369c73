import { describe, expect, it } from 'vitest';
import { bookInputSchema, ISBN_MESSAGE, type Book } from '../../../domain/books.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { fromBook, NEW_BOOK, newEditionRow, newLinkRow, toBookInput } from './book-form-values.js';

const validate = zodValidate(bookInputSchema, toBookInput);

const book: Book = {
  id: 'b1',
  title: 'The Ashwarden',
  description: 'D',
  coverImage: '/objects/c.png',
  status: 'published',
  price: '$9.99',
  order: 1,
  slug: 'the-ashwarden',
  seriesId: 's1',
  seriesNumber: 2.5,
  series: { id: 's1', name: 'Cycle' },
  editions: [
    {
      format: 'ebook',
      isbn: '9781917130004',
      price: '$9.99',
      pageCount: null,
      audioLength: null,
      releaseDate: '2024-10-15',
      links: [{ label: 'Kobo', url: 'https://www.kobo.com/x' }],
    },
  ],
  retailerLinks: [{ label: 'Amazon', url: 'https://www.amazon.com/x' }],
};

describe('the book form values', () => {
  it('read a book back into the same input the server stored', () => {
    const parsed = bookInputSchema.parse(toBookInput(fromBook(book)));
    const { id: _id, series: _series, ...stored } = book;
    expect(parsed).toEqual(stored);
  });

  it('start a new book standalone with no editions, and pass the schema once filled in', () => {
    const values = { ...NEW_BOOK(), title: 'T', description: 'D', coverImage: '/objects/c.png' };
    expect(validate(values)).toEqual({});
    expect(toBookInput(values)).toMatchObject({ seriesId: null, seriesNumber: null, editions: [] });
  });

  it('show the schema’s messages on the rows they belong to', () => {
    const edition = { ...newEditionRow(), isbn: '9781917130005', pageCount: 'many', links: [newLinkRow()] };
    edition.links[0]!.url = 'http://shop.example/x';
    const values = { ...fromBook(book), seriesNumber: '-1', editions: [edition] };
    const errors = validate(values);
    expect(errors['editions.0.isbn']).toBe(ISBN_MESSAGE);
    expect(errors['editions.0.pageCount']).toBe('Page count must be a whole number');
    expect(errors['editions.0.links.0.url']).toBe('Shop link must be an https:// address');
    expect(errors.seriesNumber).toMatch(/Series number must be greater than 0/);
  });
});
