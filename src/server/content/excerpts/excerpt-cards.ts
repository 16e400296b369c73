import type { ExcerptCard } from '../../../domain/excerpts.schema.js';

/** An excerpt's card: everything but its text (and the text's format and HTML), with its 200-character preview. */
export function toExcerptCard(excerpt: ExcerptCard & { content: string }): ExcerptCard {
  return {
    id: excerpt.id,
    slug: excerpt.slug,
    bookId: excerpt.bookId,
    title: excerpt.title,
    description: excerpt.description,
    readTime: excerpt.readTime,
    spoilerLevel: excerpt.spoilerLevel,
    position: excerpt.position,
    preview: excerpt.preview,
  };
}
