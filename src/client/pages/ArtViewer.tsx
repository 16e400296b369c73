import { useEffect, useRef } from 'react';
import type { RouterOutputs } from '../trpc.js';
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon } from '../ui/icons.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import classes from './ArtViewer.module.css';

type ArtPiece = RouterOutputs['art']['list'][number];

type ArtViewerProps = {
  pieces: ArtPiece[];
  /** The piece shown; null when the viewer is closed. */
  index: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
};

/** Tab and Shift+Tab cycle through the viewer's buttons instead of leaving for the browser's own controls. */
function keepFocusInside(container: HTMLElement, event: { shiftKey: boolean; preventDefault: () => void }): void {
  const buttons = [...container.querySelectorAll<HTMLElement>('button')];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A piece at full size, whole (never cropped), in a modal <dialog>: the page behind is inert,
 * focus cycles inside, Escape closes it and focus returns to the piece that opened it. Arrow keys
 * and the buttons move between pieces.
 */
export function ArtViewer({ pieces, index, onMove, onClose }: ArtViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const piece = index === null ? undefined : pieces[index];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (piece && !element.open) element.showModal();
    if (!piece && element.open) element.close();
  }, [piece]);

  const move = (step: number) => {
    if (index === null || pieces.length < 2) return;
    onMove((index + step + pieces.length) % pieces.length);
  };

  return (
    <dialog
      ref={dialog}
      className={classes.viewer}
      aria-labelledby={piece ? 'art-viewer-title' : undefined}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') move(1);
        else if (event.key === 'ArrowLeft') move(-1);
        else if (event.key === 'Tab') keepFocusInside(event.currentTarget, event);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {piece && index !== null && (
        <div className={classes.content}>
          <button type="button" className={classes.close} aria-label="Close" onClick={onClose} autoFocus>
            <CloseIcon size={22} />
          </button>
          <ResponsiveImage
            className={classes.image}
            src={piece.imageUrl}
            image={piece.image}
            alt={piece.title}
            sizes="(max-width: 47.99em) 100vw, 70vw"
            width={800}
            height={1000}
            placeholder={false}
          />
          <div className={classes.caption}>
            <h2 id="art-viewer-title" className={classes.title}>
              {piece.title}
            </h2>
            <p className={classes.artist}>by {piece.artist}</p>
            {piece.description && <p className={classes.description}>{piece.description}</p>}
            <p className={classes.position} aria-live="polite">
              {index + 1} of {pieces.length}
            </p>
          </div>
          {pieces.length > 1 && (
            <div className={classes.nav}>
              <button type="button" className={classes.navButton} aria-label="Previous piece" onClick={() => move(-1)}>
                <ArrowLeftIcon size={22} />
              </button>
              <button type="button" className={classes.navButton} aria-label="Next piece" onClick={() => move(1)}>
                <ArrowRightIcon size={22} />
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
