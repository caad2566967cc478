// Types of buildFormatNumber.js (plain JS: the browser build swaps it in for MUI's).
declare function buildFormatNumber(locale: string): (value: number) => string;
export default buildFormatNumber;
