import { useMatch, useSearch } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { SENT_PARAM, type FormOutcome, type PostedForm } from '../../domain/form-posts.js';

/** Outcomes a form has already started from: coming back to the page later shows an empty form. */
const used = new WeakSet<FormOutcome>();

/**
 * The refused post of `form` that this server-rendered page answers (see src/domain/form-posts.ts):
 * the form starts from its values and errors. It reaches the browser in the page's loader data,
 * so hydration starts from the same state.
 *
 * It and useSentQuery read the nearest match without throwing when it is gone: a page being left can render once
 * more after the router has dropped its match (a client-side navigation), and TanStack Router's default is then
 * "Invariant failed", which React recovers from by rendering the whole page again (#520 and #422 in CI's console).
 */
export function useFormOutcome(form: PostedForm): FormOutcome | null {
  const data = useMatch({ strict: false, shouldThrow: false, select: (match) => match.loaderData }) as
    { formOutcome?: FormOutcome } | undefined;
  const outcome = data?.formOutcome?.form === form ? data.formOutcome : null;
  useEffect(() => {
    if (outcome) used.add(outcome);
  }, [outcome]);
  return outcome && !used.has(outcome) ? outcome : null;
}

/** The query of the page's URL (after a successful post: `?sent=<form>` and the like); empty on a page being left. */
export function useSentQuery(): Record<string, unknown> {
  return (useSearch({ strict: false, shouldThrow: false }) ?? {}) as Record<string, unknown>;
}

/** True on the page a successful post of `form` was redirected to. */
export function useWasSent(form: PostedForm): boolean {
  return String(useSentQuery()[SENT_PARAM]) === form;
}

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating; true once the page's script runs it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
