// Calls to the registry functions from the screens. The Nhost client hands a failed call's JSON
// body back as `error.message`; its `error` code picks the translated text shown to the user.
import type { NhostClient } from '@nhost/nextjs';

export type Outcome<T> = { ok: true; data: T } | { ok: false; code: string; message: string };

export async function callRegistry<T>(nhost: NhostClient, path: string, body: Record<string, unknown>): Promise<Outcome<T>> {
  const { res, error } = await nhost.functions.call<T>(path, body);
  if (res && !error) return { ok: true, data: res.data };
  const detail = (error?.message ?? null) as unknown;
  if (detail && typeof detail === 'object') {
    const d = detail as { error?: unknown; message?: unknown };
    return { ok: false, code: typeof d.error === 'string' ? d.error : 'unknown', message: typeof d.message === 'string' ? d.message : '' };
  }
  return { ok: false, code: error?.status === 0 ? 'network' : 'unknown', message: typeof detail === 'string' ? detail : '' };
}

export interface ResendAnswer {
  status: string;
  reason: string | null;
}

export interface GenerateAnswer {
  csr: string;
  fileName: string;
}

export interface UploadAnswer {
  validFrom: string;
  validTo: string;
  state: string;
}

/** Saves text as a file through the browser (the CSR the NTAK portal asks for). */
export function downloadText(text: string, fileName: string, type = 'application/pkcs10'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
