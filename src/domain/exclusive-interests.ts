/** A reader's two catch-all interests (newsletter-interests.ts); no zod here, so the site's form can use them. */
export const EVERYTHING = 'everything';
export const NEW_RELEASES = 'new-releases';

/**
 * A form's ticked boxes after one more was ticked: "Everything" and "New releases only" exclude each other, so
 * ticking one unticks the other.
 */
export function withExclusiveInterests(next: readonly string[], before: readonly string[]): string[] {
  const added = next.find((interest) => !before.includes(interest));
  if (added === EVERYTHING) return next.filter((interest) => interest !== NEW_RELEASES);
  if (added === NEW_RELEASES) return next.filter((interest) => interest !== EVERYTHING);
  return [...next];
}
