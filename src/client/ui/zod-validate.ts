import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * A form's `validate` function from a zod schema: the same schema the server parses, so the
 * form shows exactly the server's rules and messages. The admin's @mantine/form forms and the
 * public forms (useSchemaForm) both use it. `toInput` maps the form's values (plain strings) to
 * the schema's input first, e.g. the book order box to an integer. Each field shows its first
 * message; paths use dots (`tracks.0.title`), as @mantine/form does. Only types come from zod,
 * so importing this does not load zod.
 */
export function zodValidate<Values, Input>(
  schema: z.ZodType<unknown, Input>,
  toInput: (values: Values) => Input,
): (values: Values) => FormErrors {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}
