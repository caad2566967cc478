// Test function: fails after an await.
export default async function rejects(): Promise<void> {
  await new Promise((r) => setTimeout(r, 5));
  throw new Error('async failure');
}
