import { ActionIcon, Tooltip } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './editor.module.css';

export type ToolbarAction = {
  id: string;
  label: string;
  icon: ReactNode;
  /** The key pressed with Ctrl (⌘ on a Mac), if any. */
  shortcutKey?: string;
  run: () => void;
};

/** Ctrl or ⌘, as the author's keyboard names it. */
const isApple = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);

/**
 * The formatting buttons: one toolbar, one Tab stop (arrow keys, Home and End move between buttons, as in the
 * WAI-ARIA toolbar pattern). Clicking keeps the focus and selection in the text.
 */
export function EditorToolbar({
  label,
  controls,
  actions,
}: {
  label: string;
  /** The textarea's id. */
  controls: string;
  actions: ToolbarAction[];
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const mod = isApple() ? '⌘' : 'Ctrl';

  const moveTo = (index: number) => {
    const next = (index + actions.length) % actions.length;
    setActive(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: actions.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div role="toolbar" aria-label={label} aria-controls={controls} className={classes.toolbar} onKeyDown={onKeyDown}>
      {actions.map((action, index) => {
        const shortcut = action.shortcutKey ? `${mod}+${action.shortcutKey.toUpperCase()}` : null;
        return (
          <Tooltip
            key={action.id}
            label={shortcut ? `${action.label} (${shortcut})` : action.label}
            openDelay={300}
            events={{ hover: true, focus: true, touch: false }}
          >
            <ActionIcon
              ref={(element) => {
                buttons.current[index] = element;
              }}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={action.label}
              aria-keyshortcuts={
                action.shortcutKey ? `${isApple() ? 'Meta' : 'Control'}+${action.shortcutKey.toUpperCase()}` : undefined
              }
              tabIndex={index === active ? 0 : -1}
              className={classes.toolButton}
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setActive(index)}
              onClick={action.run}
            >
              {action.icon}
            </ActionIcon>
          </Tooltip>
        );
      })}
    </div>
  );
}
