import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ui.module.css';

type Props = { eyebrow?: string; title: string; lede?: ReactNode; children?: ReactNode };

/** The opening of an inner page: a small eyebrow line, the h1, and a short lede. */
export function PageHeader({ eyebrow, title, lede, children }: Props) {
  return (
    <header className={classes.pageHeader}>
      <div className={classes.container}>
        {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
        <Title order={1} className={classes.pageTitle}>
          {title}
        </Title>
        <div className={classes.rule} aria-hidden="true" />
        {lede && <p className={classes.lede}>{lede}</p>}
        {children}
      </div>
    </header>
  );
}
