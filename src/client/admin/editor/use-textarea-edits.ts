import { useLayoutEffect, useRef, type RefObject } from 'react';
import { changedRange, type TextSelection } from './markdown-transforms.js';

/**
 * A textarea's text and selection as the Markdown transforms read them (`selection`), and `apply`, which shows a
 * transform's result through the browser's editing (one Undo step), else through onChange (its selection set once
 * React shows the text).
 */
export function useTextareaEdits(
  textarea: RefObject<HTMLTextAreaElement | null>,
  value: string,
  onChange: (value: string) => void,
) {
  const pendingSelection = useRef<TextSelection | null>(null);

  // A change made through onChange (no browser editing available): its selection once React shows the text.
  useLayoutEffect(() => {
    const wanted = pendingSelection.current;
    const element = textarea.current;
    if (!wanted || !element || element.value !== wanted.text) return;
    pendingSelection.current = null;
    element.setSelectionRange(wanted.start, wanted.end);
  }, [value, textarea]);

  const selection = (): TextSelection => {
    const element = textarea.current;
    if (!element) return { text: value, start: value.length, end: value.length };
    return { text: element.value, start: element.selectionStart, end: element.selectionEnd };
  };

  /** Shows `next` in the textarea through the browser's editing (one Undo step), else through onChange. */
  const apply = (next: TextSelection) => {
    const element = textarea.current;
    if (!element) {
      onChange(next.text);
      return;
    }
    element.focus();
    const before = element.value;
    if (before !== next.text) {
      const { from, to, insert } = changedRange(before, next.text);
      element.setSelectionRange(from, to);
      let edited = false;
      try {
        // Deprecated but still the only way to change a textarea's text that the browser's Undo knows about.
        edited =
          insert === '' ? document.execCommand('delete', false) : document.execCommand('insertText', false, insert);
      } catch {
        // not supported here: the change goes through onChange below
      }
      if (!edited || element.value !== next.text) {
        pendingSelection.current = next;
        onChange(next.text);
        return;
      }
    }
    element.setSelectionRange(next.start, next.end);
  };

  return { selection, apply };
}
