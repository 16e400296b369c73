import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { FormOutcome } from '../../domain/form-posts.js';
import { useHydrated } from './form-outcome.js';
import { zodValidate } from './zod-validate.js';

/**
 * Loads a domain schema on demand, e.g.
 * `() => import('../../domain/submissions.schema.js').then((module) => module.contactInputSchema)`:
 * zod then stays out of the page's first load.
 */
type SchemaLoader = () => Promise<ZodType>;

type FieldErrors = Record<string, ReactNode>;

type Options<Values> = {
  initialValues: Values;
  schema: SchemaLoader;
  /** Fields whose error reads as this text whatever rule failed (e.g. 'Please choose a book'). */
  errorMessages?: Partial<Record<keyof Values & string, string>>;
  /** Where the form posts when the page's script has not run (src/domain/form-posts.ts). */
  action: string;
  /** A refused post this page answers: the form starts from its values, errors and message. */
  outcome?: FormOutcome | null;
};

function withMessages(found: FieldErrors, errorMessages: Record<string, string | undefined> = {}): FieldErrors {
  const errors = { ...found };
  for (const [field, message] of Object.entries(errorMessages)) if (errors[field] && message) errors[field] = message;
  return errors;
}

function startingValues<Values extends Record<string, string | undefined>>(
  initialValues: Values,
  outcome: FormOutcome | null | undefined,
): Values {
  if (!outcome) return initialValues;
  const values: Record<string, string | undefined> = { ...initialValues };
  for (const field of Object.keys(initialValues)) {
    const sent = outcome.values[field];
    if (typeof sent === 'string') values[field] = sent;
  }
  return values as Values;
}

/**
 * State of a public form validated by its shared domain schema, on submit only. The schema
 * (with zod) is fetched when the form is first focused, so it is usually there by the time the
 * form is submitted. Editing a field clears its error; errors show under the fields.
 *
 * Before the script runs, the same markup is a plain form: it posts its named fields to
 * `action` with the browser's own checks (required, type=email), and the server answers.
 */
export function useSchemaForm<Values extends Record<string, string | undefined>>({
  initialValues,
  schema,
  errorMessages,
  action,
  outcome,
}: Options<Values>) {
  const [values, setValues] = useState(() => startingValues(initialValues, outcome));
  const [errors, setErrors] = useState<FieldErrors>(() => withMessages(outcome?.fieldErrors ?? {}, errorMessages));
  /** The server's message about a refused post, shown until the next submit. */
  const [failure, setFailure] = useState<string | null>(outcome?.message ?? null);
  const hydrated = useHydrated();
  const validator = useRef<Promise<((values: Values) => FieldErrors) | null> | null>(null);
  const submitting = useRef(false);
  const formElement = useRef<HTMLFormElement | null>(null);

  // What the reader chose or typed before the script ran (the server-rendered form works at once) survives
  // hydration: right after it, each field's value in the page becomes the form's state, so a book picked just
  // after the page loaded is not answered "Please choose a book".
  useLayoutEffect(() => {
    const form = formElement.current;
    if (!form) return;
    const typed: Record<string, string> = {};
    for (const field of Object.keys(initialValues)) {
      const element = form.elements.namedItem(field);
      if (
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      )
        typed[field] = element.value;
    }
    setValues((current) => {
      const changed = Object.entries(typed).filter(([field, value]) => value !== current[field]);
      return changed.length === 0 ? current : { ...current, ...Object.fromEntries(changed) };
    });
    // Once, as the page hydrates: later the fields' own change events keep the state.
  }, []);

  // A failed load is forgotten so the next focus or submit tries again.
  const loadSchema = () =>
    (validator.current ??= schema().then(
      (loaded) => zodValidate(loaded, (values: Values) => values),
      () => {
        validator.current = null;
        return null;
      },
    ));

  const setFieldValue = <Field extends keyof Values & string>(field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...others }) => others);
  };

  const getInputProps = <Field extends keyof Values & string>(field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setFieldValue(field, event.currentTarget.value as Values[Field]),
  });

  const reset = () => {
    setValues(initialValues);
    setErrors({});
    setFailure(null);
  };

  /** Props for the <form>: onValid receives the values as typed once the schema accepts them. */
  const getFormProps = (onValid: (values: Values) => void) => ({
    ref: formElement,
    method: 'post' as const,
    action,
    // Until the script runs, the browser's own checks stand in for the schema's.
    noValidate: hydrated,
    onFocus: () => void loadSchema(),
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting.current) return;
      submitting.current = true;
      setFailure(null);
      try {
        const submitted = values;
        // Without the schema (its download failed) the server, which checks the same schema, answers.
        const validate = await loadSchema();
        const found = withMessages(validate ? validate(submitted) : {}, errorMessages);
        setErrors(found);
        if (Object.keys(found).length === 0) onValid(submitted);
      } finally {
        submitting.current = false;
      }
    },
  });

  return { values, failure, setFieldValue, getInputProps, getFormProps, reset };
}

/** What useSchemaForm gives a page, for the parts of a form split into their own components. */
export type SchemaForm<Values extends Record<string, string | undefined>> = ReturnType<typeof useSchemaForm<Values>>;
