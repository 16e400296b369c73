import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { ZodType } from 'zod';
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
};

/**
 * State of a public form validated by its shared domain schema, on submit only. The schema
 * (with zod) is fetched when the form is first focused, so it is usually there by the time the
 * form is submitted. Editing a field clears its error; errors show under the fields.
 */
export function useSchemaForm<Values extends Record<string, string | undefined>>({
  initialValues,
  schema,
  errorMessages,
}: Options<Values>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const validator = useRef<Promise<((values: Values) => FieldErrors) | null> | null>(null);
  const submitting = useRef(false);

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
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setFieldValue(field, event.currentTarget.value as Values[Field]),
  });

  const reset = () => {
    setValues(initialValues);
    setErrors({});
  };

  /** Props for the <form>: onValid receives the values as typed once the schema accepts them. */
  const getFormProps = (onValid: (values: Values) => void) => ({
    noValidate: true,
    onFocus: () => void loadSchema(),
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting.current) return;
      submitting.current = true;
      try {
        const submitted = values;
        // Without the schema (its download failed) the server, which checks the same schema, answers.
        const validate = await loadSchema();
        const found: FieldErrors = validate ? { ...validate(submitted) } : {};
        for (const [field, message] of Object.entries(errorMessages ?? {})) if (found[field]) found[field] = message;
        setErrors(found);
        if (Object.keys(found).length === 0) onValid(submitted);
      } finally {
        submitting.current = false;
      }
    },
  });

  return { values, setFieldValue, getInputProps, getFormProps, reset };
}
