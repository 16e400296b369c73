import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import classes from './NavigationProgress.module.css';

/** A navigation quicker than this shows no bar at all. */
const SHOW_AFTER_MS = 150;
/** How long the full bar stays to fade out once the page is there. */
const FINISH_MS = 350;

type Phase = 'idle' | 'running' | 'finishing';

/**
 * A thin bar along the top of the window while a client-side navigation (or a change of the
 * search parameters) waits for its data or code for more than 150 ms. Fixed, so nothing moves.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (loading) {
      const timer = setTimeout(() => setPhase('running'), SHOW_AFTER_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'running' ? 'finishing' : 'idle'));
    return undefined;
  }, [loading]);

  useEffect(() => {
    if (phase !== 'finishing') return undefined;
    const timer = setTimeout(() => setPhase('idle'), FINISH_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  return <div className={classes.bar} data-phase={phase} role="progressbar" aria-label="Loading the page" />;
}
