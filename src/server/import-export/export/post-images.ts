import { UPLOADED_OBJECT_PREFIX } from '../../../domain/images.js';

/** An uploaded file's address in a post (`/objects/<name>`, or absolute on the site's origin). */
const OBJECT_REFERENCE = /\/objects\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})/g;

/** The files Ghost and WordPress take as images (any other upload stays a link to this site). */
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg)$/i;

/** Where Ghost keeps an image it was given in an import zip; the zip holds the file at the same path. */
export const ghostImagePath = (name: string): string => `/content/images/${name}`;

/**
 * The uploaded images the posts show (in their text or as their cover), each once, in the order first shown, that
 * the site still holds: the images an export that leaves for another platform carries.
 */
export function postImageNames(
  posts: readonly { content: string; coverImage: string }[],
  uploads: ReadonlySet<string>,
): string[] {
  const names = new Set<string>();
  for (const post of posts)
    for (const text of [post.coverImage, post.content])
      for (const match of text.matchAll(OBJECT_REFERENCE))
        if (uploads.has(match[1]!) && IMAGE_FILE.test(match[1]!)) names.add(match[1]!);
  return [...names];
}

/** The upload a cover or image address names, when it is one of `names`. */
export function uploadNameOf(url: string, names: ReadonlySet<string>): string | null {
  const at = url.indexOf(UPLOADED_OBJECT_PREFIX);
  if (at < 0) return null;
  const name = url.slice(at + UPLOADED_OBJECT_PREFIX.length);
  return names.has(name) ? name : null;
}

/** Every address of one of `names` in rendered HTML (`<origin>/objects/<name>`) given as `to(name)`. */
export function replaceUploadUrls(
  html: string,
  siteOrigin: string,
  names: ReadonlySet<string>,
  to: (name: string) => string,
): string {
  const origin = siteOrigin.replace(/\/+$/, '');
  return html.replace(
    /(?<=["'(=\s]|^)(https?:\/\/[^/"'\s]+)?\/objects\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})/g,
    (all, host, name) => ((host === undefined || host === origin) && names.has(name) ? to(name) : all),
  );
}
