/** Long text is shown as paragraphs split at line breaks; blank lines are dropped. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
