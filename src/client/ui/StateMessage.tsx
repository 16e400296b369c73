import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon, FlameIcon } from './icons.js';
import classes from './ui.module.css';

type Props = {
  title: string;
  text: string;
  tone?: 'error' | 'empty';
  /** Heading level of the title (2 inside a page, 1 when it is the page). */
  level?: 1 | 2 | 3;
  children?: ReactNode;
};

/** Error, empty and not-found states: an icon, a title, one sentence, and optional actions. */
export function StateMessage({ title, text, tone = 'empty', level = 2, children }: Props) {
  const Icon = tone === 'error' ? AlertIcon : FlameIcon;
  return (
    <div className={classes.state} data-tone={tone} role={tone === 'error' ? 'alert' : undefined}>
      <Icon size={30} className={classes.stateIcon} />
      <Title order={level} className={classes.stateTitle}>
        {title}
      </Title>
      <p className={classes.stateText}>{text}</p>
      {children && <div className={classes.stateActions}>{children}</div>}
    </div>
  );
}
