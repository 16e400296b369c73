/**
 * A copy of a piece of a longer text that holds nothing else alive. V8 keeps the whole of a text alive for any
 * slice of it (a regular expression's match, a parser's piece of a chunk read from a file): an import that keeps a
 * title or an image's address for later must keep a copy, or it keeps each post's whole text with it.
 */
export const detachedCopy = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');
