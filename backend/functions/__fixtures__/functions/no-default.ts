// Test function: forgot its default export.
export const handler = () => undefined;
