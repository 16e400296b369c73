import { Button, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { FormNotice } from '../../ui/FormNotice.js';
import { CheckIcon } from '../../ui/icons.js';
import ui from '../../ui/ui.module.css';
import classes from '../PreorderPage.module.css';
import { SENT_TEXT, SENT_TITLE, type PreorderConfirmationFacts } from './preorder-copy.js';

/**
 * What a reader sees once the preorder is in: `live` after a post by the script (a toast told it already;
 * "Submit Another Preorder" clears it), otherwise the page a post without the script was sent back to.
 */
export function PreorderConfirmation({
  shown,
  live,
  onAnother,
}: {
  shown: PreorderConfirmationFacts;
  live: boolean;
  onAnother: () => void;
}) {
  const sectionRef = useRef<HTMLElement>(null);
  // The confirmation replaces the taller form: bring it into view and give it focus.
  useEffect(() => {
    if (!live || !sectionRef.current) return;
    sectionRef.current.focus({ preventScroll: true });
    sectionRef.current.scrollIntoView({ block: 'center' });
  }, [live]);

  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      className={`${ui.formCard} ${classes.confirmation}`}
      aria-labelledby="confirmation-title"
    >
      {!live && (
        <div className={classes.confirmNotice}>
          <FormNotice variant="success" title={SENT_TITLE}>
            {SENT_TEXT}
          </FormNotice>
        </div>
      )}
      <span className={classes.confirmIcon}>
        <CheckIcon size={30} />
      </span>
      <Title order={2} id="confirmation-title" className={classes.confirmTitle}>
        Preorder Confirmed!
      </Title>
      <p className={classes.confirmText}>
        Your {shown.format.toLowerCase()} of <em>{shown.bookTitle}</em> is reserved. We&apos;ll write to{' '}
        {shown.email ? <strong>{shown.email}</strong> : 'you'} as soon as the book is available.
      </p>
      <div className={classes.confirmActions}>
        {live ? (
          <Button size="md" onClick={onAnother}>
            Submit Another Preorder
          </Button>
        ) : (
          // A link, so it works before the script runs too: back to the empty form.
          <Button component={Link} to="/preorder" size="md">
            Submit Another Preorder
          </Button>
        )}
        <Button component={Link} to="/excerpts" size="md" variant="outline" color="gray" className={classes.ghost}>
          Read an Excerpt
        </Button>
      </div>
    </section>
  );
}
