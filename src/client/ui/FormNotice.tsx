import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from './icons.js';
import classes from './ui.module.css';

type Props = { variant: 'success' | 'error'; title: string; children?: ReactNode };

/**
 * A form's success or failure shown in the page, with the texts its toast shows: the answer to
 * a form posted before the page's script ran.
 */
export function FormNotice({ variant, title, children }: Props) {
  const Icon = variant === 'error' ? AlertIcon : CheckIcon;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={`form-notice ${classes.formNotice}`}
    >
      <span className={classes.formNoticeIcon}>
        <Icon size={20} />
      </span>
      <div>
        <p className={classes.formNoticeTitle}>{title}</p>
        {children && <p className={classes.formNoticeText}>{children}</p>}
      </div>
    </div>
  );
}
