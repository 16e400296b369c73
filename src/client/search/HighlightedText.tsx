import { Fragment } from 'react';
import type { MarkedSegment } from '../../domain/search.js';

/** Text whose matches the server marked, as React text and <mark> elements: nothing is read as HTML. */
export function HighlightedText({ segments }: { segments: readonly MarkedSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
      )}
    </>
  );
}
