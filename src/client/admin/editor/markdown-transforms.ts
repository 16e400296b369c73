/**
 * The editor's formatting actions as pure functions of the text and its selection: each takes what is in the
 * textarea and answers the new text with the selection to show afterwards. No DOM here, so every rule is tested.
 */

export type TextSelection = {
  text: string;
  /** Selection start and end, as textarea.selectionStart / selectionEnd. */
  start: number;
  end: number;
};

const clamp = (state: TextSelection): TextSelection => {
  const start = Math.max(0, Math.min(state.start, state.text.length));
  const end = Math.max(start, Math.min(state.end, state.text.length));
  return { text: state.text, start, end };
};

function replaceRange(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

/** How many times `char` repeats right before `index` (going left) and right after `index` (going right). */
function runBefore(text: string, index: number, char: string): number {
  let count = 0;
  while (index - count - 1 >= 0 && text[index - count - 1] === char) count += 1;
  return count;
}
function runAfter(text: string, index: number, char: string): number {
  let count = 0;
  while (index + count < text.length && text[index + count] === char) count += 1;
  return count;
}

/** Whether a run of `*` of this length carries the mark (`*` italic = 1, `**` bold = 2; `***` is both). */
function runHasMark(run: number, size: number): boolean {
  return size === 1 ? run % 2 === 1 : run >= 2;
}

/**
 * Bold (`**`) or italic (`*`): wraps the selection, or removes the mark when the selection already has it. Spaces
 * at the selection's edges stay outside the markers (`*word *` would not be emphasis). With nothing selected it
 * inserts the markers around a selected placeholder.
 */
export function toggleEmphasis(input: TextSelection, size: 1 | 2, placeholder: string): TextSelection {
  const state = clamp(input);
  let { start, end } = state;
  const { text } = state;
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;

  const marker = '*'.repeat(size);
  const selected = text.slice(start, end);

  // The markers are inside the selection: "**word**" selected.
  const innerBefore = runAfter(selected, 0, '*');
  const innerAfter = runBefore(selected, selected.length, '*');
  if (selected.length > 2 * size && runHasMark(innerBefore, size) && runHasMark(innerAfter, size)) {
    const inner = selected.slice(size, selected.length - size);
    return { text: replaceRange(text, start, end, inner), start, end: start + inner.length };
  }
  // The markers surround the selection: "word" selected inside "**word**".
  const outerBefore = runBefore(text, start, '*');
  const outerAfter = runAfter(text, end, '*');
  if (runHasMark(outerBefore, size) && runHasMark(outerAfter, size)) {
    const unwrapped = text.slice(0, start - size) + selected + text.slice(end + size);
    return { text: unwrapped, start: start - size, end: end - size };
  }
  const inner = selected === '' ? placeholder : selected;
  return {
    text: replaceRange(text, start, end, `${marker}${inner}${marker}`),
    start: start + size,
    end: start + size + inner.length,
  };
}

/** The start of the line holding `index`, and the end of the line holding `end`. */
function lineBounds(text: string, start: number, end: number): { from: number; to: number } {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  // A selection that ends right after a line break does not take in the next line.
  const lastIndex = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const newline = text.indexOf('\n', lastIndex);
  return { from, to: newline === -1 ? text.length : newline };
}

/** The prefixes a line may carry; changing to one kind replaces another (a quote line becomes a list item). */
const LINE_PREFIX = /^(#{1,6} |> |[-*+] |\d+[.)] )/;

export type LinePrefix = '## ' | '> ' | '- ' | 'numbered';

/**
 * Heading, block quote, bulleted or numbered list on every line the selection touches: adds the prefix, or removes
 * it when every non-blank line already has it. Numbered lists count 1., 2., 3. over the non-blank lines.
 */
export function toggleLinePrefix(input: TextSelection, prefix: LinePrefix): TextSelection {
  const state = clamp(input);
  const { text } = state;
  const { from, to } = lineBounds(text, state.start, state.end);
  const lines = text.slice(from, to).split('\n');
  const matches = (line: string) => (prefix === 'numbered' ? /^\d+[.)] /.test(line) : line.startsWith(prefix));
  const contentLines = lines.filter((line) => line.trim() !== '');
  const removing = contentLines.length > 0 && contentLines.every(matches);

  let number = 0;
  const changed = lines.map((line) => {
    if (line.trim() === '' && lines.length > 1) return line;
    const bare = line.replace(LINE_PREFIX, '');
    if (removing) return bare;
    number += 1;
    return `${prefix === 'numbered' ? `${number}. ` : prefix}${bare}`;
  });
  const block = changed.join('\n');
  const newText = replaceRange(text, from, to, block);
  // A caret stays where it was in its line's text; a selection covers the changed lines.
  if (state.start === state.end && lines.length === 1) {
    const oldPrefix = LINE_PREFIX.exec(lines[0]!)?.[0].length ?? 0;
    const newPrefix = block.length - lines[0]!.replace(LINE_PREFIX, '').length;
    const caret = Math.max(from + newPrefix, state.start + newPrefix - oldPrefix);
    return { text: newText, start: caret, end: caret };
  }
  return { text: newText, start: from, end: from + block.length };
}

/** A list item's or quoted line's mark: bullet, number (with its delimiter) or quote, after any indent. */
const CONTINUED_PREFIX = /^(\s*)(?:([-*+])|(\d{1,9})([.)])|(>))( +)/;

/**
 * Enter inside a list (or a quote): the new line starts with the next item's mark (`- `, `3. `, `> `). Enter on an
 * item that holds only its mark ends the list instead, leaving an empty line. Null when the caret's line is not
 * an item (Enter then does what it always does).
 */
export function continueList(input: TextSelection): TextSelection | null {
  const state = clamp(input);
  const { text, start, end } = state;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const match = CONTINUED_PREFIX.exec(text.slice(lineStart, start));
  if (!match) return null;
  const [prefix, indent = '', bullet, number, delimiter, quote, spaces = ' '] = match;
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd === -1 ? text.length : lineEnd);
  if (text.slice(lineStart + prefix.length, start).trim() === '' && rest.trim() === '') {
    const cleared = replaceRange(text, lineStart, start, '');
    return { text: cleared, start: lineStart, end: lineStart };
  }
  const mark = bullet ?? (number !== undefined ? `${Number(number) + 1}${delimiter}` : quote);
  const insert = `\n${indent}${mark}${spaces}`;
  const caret = start + insert.length;
  return { text: replaceRange(text, start, end, insert), start: caret, end: caret };
}

/**
 * A link on the selection: `[selection](https://)` with the address selected to type over; with nothing selected,
 * `[link text](https://)` with the text selected. A selection that is itself an address becomes the link's target.
 */
export function insertLink(input: TextSelection): TextSelection {
  const state = clamp(input);
  const { text, start, end } = state;
  const selected = text.slice(start, end);
  if (/^(https?:\/\/|mailto:|\/)\S*$/i.test(selected.trim()) && selected.trim() !== '/') {
    const label = 'link text';
    const link = `[${label}](${selected.trim()})`;
    return { text: replaceRange(text, start, end, link), start: start + 1, end: start + 1 + label.length };
  }
  if (selected === '') {
    const label = 'link text';
    return {
      text: replaceRange(text, start, end, `[${label}](https://)`),
      start: start + 1,
      end: start + 1 + label.length,
    };
  }
  const link = `[${selected}](https://)`;
  const urlStart = start + selected.length + 3;
  return { text: replaceRange(text, start, end, link), start: urlStart, end: urlStart + 'https://'.length };
}

/** Inserts `block` as its own paragraph at the selection (blank lines around it), caret after it. */
export function insertBlock(input: TextSelection, block: string): TextSelection {
  const state = clamp(input);
  const { text } = state;
  const before = text.slice(0, state.start).replace(/\s+$/, '');
  const after = text.slice(state.end).replace(/^\s+/, '');
  const inserted = `${before === '' ? '' : '\n\n'}${block}\n\n`;
  const caret = before.length + inserted.length;
  return { text: before + inserted + after, start: caret, end: caret };
}

/** The scene break between two parts of a text: a horizontal rule (`***`) on a paragraph of its own. */
const SCENE_BREAK = '***';

export function insertSceneBreak(input: TextSelection): TextSelection {
  return insertBlock(input, SCENE_BREAK);
}

/** Characters that would end or break an image's alt text in Markdown. */
function escapeAltText(alt: string): string {
  return alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, (char) => `\\${char}`);
}

/** `![alt](path)` as its own paragraph. */
export function insertImage(input: TextSelection, alt: string, path: string): TextSelection {
  return insertBlock(input, `![${escapeAltText(alt)}](${path})`);
}

/** One more than the highest numbered footnote label (`[^3]` or `[^3]:`) in the text; 1 when there is none. */
export function nextFootnoteNumber(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(/\[\^(\d{1,6})\]/g)) highest = Math.max(highest, Number(match[1]));
  return highest + 1;
}

/**
 * A footnote: the reference `[^n]` at the caret (after the selection, if any) and its definition `[^n]: ` as the
 * last paragraph, with the caret there to write the note.
 */
export function insertFootnote(input: TextSelection): TextSelection {
  const state = clamp(input);
  const n = nextFootnoteNumber(state.text);
  const reference = `[^${n}]`;
  const withReference = replaceRange(state.text, state.end, state.end, reference);
  const body = withReference.replace(/\s+$/, '');
  // Definitions gather at the end: a new one goes right under the previous one, else after a blank line.
  const lastLine = body.slice(body.lastIndexOf('\n') + 1);
  const separator = body === '' ? '' : /^\[\^\d+\]: /.test(lastLine) ? '\n' : '\n\n';
  const definition = `[^${n}]: `;
  const text = `${body}${separator}${definition}`;
  return { text, start: text.length, end: text.length };
}

/**
 * The one range of `before` to replace to get `after` (common start and end kept): the editor replaces just that
 * through the browser's own editing, so Undo works.
 */
export function changedRange(before: string, after: string): { from: number; to: number; insert: string } {
  let from = 0;
  while (from < before.length && from < after.length && before[from] === after[from]) from += 1;
  let tail = 0;
  while (
    tail < before.length - from &&
    tail < after.length - from &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail += 1;
  return { from, to: before.length - tail, insert: after.slice(from, after.length - tail) };
}
