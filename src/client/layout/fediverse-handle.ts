import { useRouteContext } from '@tanstack/react-router';
import { fediverseHandle } from '../../domain/fediverse-follow.js';
import { useSiteSettings } from './site-settings.js';

/** The site's fediverse account, `@author@example.com`: the handle set in Settings → Site, at the site's host. */
export function useFediverseHandle(): string {
  const { origin } = useRouteContext({ from: '__root__' });
  return fediverseHandle(useSiteSettings().fediverse.handle, origin);
}
