import { Fragment } from 'react';
import { highlightSegments } from './highlight-segments.js';

/**
 * Text whose matches the server marked: rendered as React text and <mark> elements, so nothing
 * from the answer is ever inserted as HTML.
 */
export function HighlightedText({ html }: { html: string }) {
  return (
    <>
      {highlightSegments(html).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
      )}
    </>
  );
}
