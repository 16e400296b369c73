export function memoryFolder(): string;
