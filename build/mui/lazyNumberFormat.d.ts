// Types of lazyNumberFormat.js (plain JS: next.config.js requires it).
export const MUI_FORMAT_NUMBER: RegExp;
export const LAZY_FORMAT_NUMBER: string;
export function lazyNumberFormatPlugin(webpack: unknown): unknown;
