import { Badge } from '@mantine/core';
import { READER_STATE_LABELS, READER_STATE_MEANINGS, type ReaderState } from '../../../domain/reader-states.js';

/** Badge colours on the dark surface (light variant): readable text, one hue per state. */
const STATE_COLORS: Record<ReaderState, string> = {
  subscribed: 'green',
  unconfirmed: 'yellow',
  unsubscribed: 'gray',
  bounced: 'red',
  complained: 'orange',
  suppressed: 'grape',
};

/** A reader's state (src/domain/reader-states.ts), its meaning as the tooltip text. */
export function ReaderStateBadge({ state, size = 'md' }: { state: ReaderState; size?: 'xs' | 'md' }) {
  return (
    <Badge size={size} color={STATE_COLORS[state]} variant="light" radius="sm" title={READER_STATE_MEANINGS[state]}>
      {READER_STATE_LABELS[state]}
    </Badge>
  );
}
