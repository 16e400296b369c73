export const MAX_SLUG_LENGTH = 80;

/** Lowercase letters, digits and single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Slug may use lowercase letters, digits and single hyphens between them';

/** An id looks like this; a slug may not, so /books/<x> never means two books. */
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SLUG_LOOKS_LIKE_ID = 'Slug may not look like a book id';

export function looksLikeId(value: string): boolean {
  return ID_SHAPE.test(value);
}

/** "A Lantern for the Drowned!" -> "a-lantern-for-the-drowned"; accents lose their marks. */
export function slugify(text: string, fallback = 'book'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** The first of slug, slug-2, slug-3… that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
