import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** The id of the newsletter section (home page, contact page). */
export const NEWSLETTER_SECTION_ID = 'newsletter';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Scrolls the newsletter section into view and puts the cursor in its email field. */
export function scrollToNewsletter(section: HTMLElement): void {
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.querySelector<HTMLInputElement>('input[type="email"]')?.focus({ preventScroll: true });
}

/**
 * Subscribe buttons scroll to the newsletter section when the page has one, and
 * otherwise go to /#newsletter.
 */
export function useGoToNewsletter(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const section = document.getElementById(NEWSLETTER_SECTION_ID);
    if (section) scrollToNewsletter(section);
    else void navigate({ to: '/', hash: NEWSLETTER_SECTION_ID });
  }, [navigate]);
}
