// An inbound e-mail's raw message for reading: kept as text when it was UTF-8, else as base64 of
// its bytes (inbound_emails.raw_encoding). Those bytes are shown one character per byte (Latin-1):
// headers read as they are, and an 8-bit body shows roughly what its sender wrote.
export function rawText(raw: string, encoding: string): string {
  if (encoding !== 'base64') return raw;
  try {
    return atob(raw);
  } catch {
    return raw;
  }
}
