import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/** Plain left clicks only: a modified click (new tab, download) stays the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link to a result's page, whose address comes from the server (blog posts, excerpts and books
 * each have their own): followed by the router without a reload, a real link without JavaScript.
 */
export function ResultLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event) || event.defaultPrevented) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} className={className} onClick={follow}>
      {children}
    </a>
  );
}
