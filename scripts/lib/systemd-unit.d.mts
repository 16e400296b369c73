// Types of systemd-unit.mjs, for the TypeScript callers (the restart test).

export type UnitSections = Record<string, Record<string, string>>;

export declare function unitFromDoc(markdown: string, name?: string): string;
export declare function parseUnit(text: string): UnitSections;
export declare function seconds(span: string): number;
export declare function restartsAfter(
  policy: string,
  end: { code: number | null; signal: NodeJS.Signals | null },
): boolean;
