/** Reading speed behind "n min read": a common figure for adult prose read silently. */
const WORDS_PER_MINUTE = 230;

/**
 * The words a reader would read in a Markdown text: markup (emphasis markers, heading and list prefixes, link
 * addresses, footnote references, images, rules) does not count, link and footnote text does.
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images: nothing to read
    .replace(/\[\^[^\]]*\]:?/g, ' ') // footnote references and definition labels
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: their text
    .replace(/^ {0,3}(#{1,6}|>|[-*+]|\d+[.)])(?=\s)/gm, ' ') // line prefixes
    .replace(/^ {0,3}([-*_])( *\1){2,} *$/gm, ' ') // horizontal rules
    .replace(/https?:\/\/\S+/g, 'link') // a bare address reads as one word
    .replace(/\\(.)/g, '$1')
    .replace(/[*_~`]+/g, ' ');
  return text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whole minutes, rounded up: a 300-word post is a 2-minute read; no text, no minutes. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.ceil(words / WORDS_PER_MINUTE);
}

const numberFormat = new Intl.NumberFormat('en-US');

/** "1,234 words · 6 min read"; "1 word · 1 min read"; "0 words". */
export function formatWordStats(markdown: string): string {
  const words = countWords(markdown);
  const count = `${numberFormat.format(words)} ${words === 1 ? 'word' : 'words'}`;
  return words === 0 ? count : `${count} · ${readingMinutes(words)} min read`;
}
