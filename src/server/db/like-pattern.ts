/** A LIKE pattern matching `text` anywhere (its own % _ \\ taken literally, with `escape '\\'`). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
