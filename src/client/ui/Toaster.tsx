import { useLayoutEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { AlertIcon, CheckIcon, CloseIcon } from './icons.js';
import classes from './Toaster.module.css';
import {
  choosePlacement,
  NARROW_PLACEMENTS,
  protectedBoxes,
  WIDE_PLACEMENTS,
  withoutTranslate,
} from './toast-placement.js';
import { currentToast, dismissToast, subscribeToToasts, TOAST_SWIPE_THRESHOLD_PX } from './toast-store.js';

const subscribe = (onChange: () => void) => subscribeToToasts(onChange);

/** Renders the one visible toast; swipe it right past 50 px (or press its close button) to dismiss. */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, currentToast, () => null);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);
  const region = useRef<HTMLDivElement>(null);

  // Each new toast goes where it covers nothing the user needs next, and moves again while it
  // shows when the page changes under it (a dialog opens, the list above grows, focus moves, scroll).
  useLayoutEffect(() => {
    const element = region.current;
    if (!shown || !element) return;
    const place = () => {
      const toast = element.querySelector('[data-variant]');
      if (!toast) return;
      const narrow = window.matchMedia('(max-width: 47.99em)').matches;
      const avoid = protectedBoxes(document, toast);
      const candidates = (narrow ? NARROW_PLACEMENTS : WIDE_PLACEMENTS).map((placement) => {
        element.dataset.placement = placement;
        return { placement, box: withoutTranslate(toast.getBoundingClientRect(), getComputedStyle(toast).translate) };
      });
      element.dataset.placement = choosePlacement(candidates, avoid);
    };
    let frame = 0;
    const placeSoon = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    place();
    const pageChanges = new MutationObserver(placeSoon);
    pageChanges.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style'],
    });
    const resizes = new ResizeObserver(placeSoon);
    resizes.observe(document.body);
    document.addEventListener('focusin', placeSoon);
    window.addEventListener('scroll', placeSoon, { capture: true, passive: true });
    window.addEventListener('resize', placeSoon);
    return () => {
      cancelAnimationFrame(frame);
      pageChanges.disconnect();
      resizes.disconnect();
      document.removeEventListener('focusin', placeSoon);
      window.removeEventListener('scroll', placeSoon, { capture: true });
      window.removeEventListener('resize', placeSoon);
    };
  }, [shown]);

  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = () => {
    if (offset > TOAST_SWIPE_THRESHOLD_PX) dismissToast();
    startX.current = null;
    setOffset(0);
  };

  const destructive = shown?.variant === 'destructive';
  const Icon = destructive ? AlertIcon : CheckIcon;
  return (
    <div ref={region} role="region" aria-label="Notifications" className={`toaster ${classes.region}`}>
      <div aria-live="polite" aria-atomic="true">
        {shown && (
          <div
            key={shown.id}
            role={destructive ? 'alert' : 'status'}
            data-variant={shown.variant}
            className={`toast ${classes.toast}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            style={{
              transform: `translateX(${offset}px)`,
              opacity: 1 - Math.min(offset / 200, 0.6),
              touchAction: 'pan-y',
            }}
          >
            <span className={classes.icon}>
              <Icon size={20} />
            </span>
            <div className={classes.text}>
              <p className={`toast-title ${classes.title}`}>{shown.title}</p>
              {shown.description && <p className={`toast-description ${classes.description}`}>{shown.description}</p>}
            </div>
            <button
              type="button"
              className={classes.close}
              aria-label="Dismiss notification"
              onClick={() => dismissToast()}
            >
              <CloseIcon size={18} />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
