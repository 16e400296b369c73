import { useEffect, useRef, useState } from 'react';
import type { ContentFormat } from '../../../domain/content-format.js';
import { isUnauthorized, serverErrorMessage } from '../../ui/error-message.js';
import { trpc } from '../../trpc.js';
import { useAdminSession } from '../session/AdminSession.js';

/** Pause in typing before the preview is asked for again. */
const PREVIEW_DELAY_MS = 300;

export type ContentPreview = {
  /** The last rendered HTML (kept while a newer one is on its way); null before the first. */
  html: string | null;
  /** A newer text than the one shown is being rendered. */
  pending: boolean;
  error: string | null;
};

/**
 * The public page's HTML of the text, rendered by the server's one renderer (content.preview), while `active`
 * (the Preview tab is shown): asked for after a pause in typing; an answer for an older text is dropped.
 */
export function useContentPreview(content: string, format: ContentFormat, active: boolean): ContentPreview {
  const utils = trpc.useUtils();
  const session = useAdminSession();
  // Read through a ref: a new context value must not restart the pending request.
  const services = useRef({ client: utils.client, expire: session.expire });
  services.current = { client: utils.client, expire: session.expire };
  const [state, setState] = useState<ContentPreview>({ html: null, pending: false, error: null });
  const shownFor = useRef<string | null>(null);
  const latestRequest = useRef(0);

  useEffect(() => {
    if (!active) return;
    const wanted = `${format}\n${content}`;
    if (shownFor.current === wanted) return;
    const request = ++latestRequest.current;
    setState((current) => ({ ...current, pending: true }));
    const timer = setTimeout(() => {
      services.current.client.content.preview.mutate({ content, format }).then(
        ({ html }) => {
          if (request !== latestRequest.current) return;
          shownFor.current = wanted;
          setState({ html, pending: false, error: null });
        },
        (error: unknown) => {
          if (request !== latestRequest.current) return;
          if (isUnauthorized(error)) services.current.expire();
          setState((current) => ({
            ...current,
            pending: false,
            error: serverErrorMessage(error, 'The preview could not be rendered. Please try again.'),
          }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, content, format]);

  return state;
}
