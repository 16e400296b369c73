import { CloseButton, Paper, Text } from '@mantine/core';
import { useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { currentToast, dismissToast, subscribeToToasts, TOAST_SWIPE_THRESHOLD_PX } from './toast-store.js';

const subscribe = (onChange: () => void) => subscribeToToasts(onChange);

/** Renders the one visible toast; swipe it right past 50 px (or press its close button) to dismiss. */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, currentToast, () => null);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);

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

  return (
    <div role="region" aria-label="Notifications" className="toaster">
      <div aria-live="polite" aria-atomic="true">
        {shown && (
          <Paper
            key={shown.id}
            role={shown.variant === 'destructive' ? 'alert' : 'status'}
            data-variant={shown.variant}
            className="toast"
            shadow="lg"
            p="md"
            withBorder
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(offset / 200, 0.6), touchAction: 'pan-y' }}
          >
            <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
              <div style={{ flex: 1 }}>
                <Text fw={700} className="toast-title">
                  {shown.title}
                </Text>
                {shown.description && (
                  <Text size="sm" className="toast-description">
                    {shown.description}
                  </Text>
                )}
              </div>
              <CloseButton aria-label="Dismiss notification" onClick={() => dismissToast()} />
            </div>
          </Paper>
        )}
      </div>
    </div>
  );
}
