import { useId, type ChangeEvent } from 'react';
import { HONEYPOT_FIELD_NAME } from '../../domain/fields.js';

type Props = { value: string | undefined; onChange: (value: string) => void };

/** A field people never see or reach; bots fill it, and the server then stores nothing. */
export function Honeypot({ value, onChange }: Props) {
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD_NAME}
        tabIndex={-1}
        autoComplete="off"
        value={value ?? ''}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
