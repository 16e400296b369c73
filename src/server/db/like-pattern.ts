/** A LIKE pattern matching `text` anywhere (its own % _ \\ taken literally, with `escape '\\'`). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** A LIKE pattern matching text that starts with `prefix` (its own % _ \\ taken literally, with `escape '\\'`). */
export const startingWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
