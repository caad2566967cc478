// The NTAK tab's certificate flow (functions/ntak/certificate): generate a key and CSR (the CSR is
// downloaded at once for the NTAK portal), download it again later, upload the certificate NTAK
// returned. Errors come back as translated toasts; the tab's data refetches after each step.
import { useCallback, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useNhostClient } from '@nhost/nextjs';
import { useTranslation } from 'next-i18next/pages';
import { toast } from 'react-toastify';
import { callRegistry, downloadText, type GenerateAnswer, type UploadAnswer } from '../api';

export type CertificateKind = 'unified' | 'auth' | 'signing';

/** A .cer file as the function takes it: PEM text as it is, DER bytes as base64. */
export async function certificateText(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  if (text.includes('-----BEGIN')) return text;
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function useCertificate(accommodationId: string) {
  const nhost = useNhostClient();
  const apollo = useApolloClient();
  const { t } = useTranslation('ntak-iranytu');
  const [busy, setBusy] = useState(false);
  const failed = useCallback((code: string, message: string) => toast.error(t(`errors.${code}`, { defaultValue: message || t('errors.unknown') })), [t]);

  const generate = useCallback(async () => {
    setBusy(true);
    try {
      const out = await callRegistry<GenerateAnswer>(nhost, '/ntak/certificate', { action: 'generate', accommodationId });
      if (!out.ok) return failed(out.code, out.message);
      downloadText(out.data.csr, out.data.fileName);
      toast.success(t('certificate.generated'));
      await apollo.refetchQueries({ include: ['AccommodationRegistry'] });
    } finally {
      setBusy(false);
    }
  }, [nhost, apollo, accommodationId, failed, t]);

  const upload = useCallback(
    async (file: File, kind: CertificateKind) => {
      setBusy(true);
      try {
        const out = await callRegistry<UploadAnswer>(nhost, '/ntak/certificate', { action: 'upload', accommodationId, kind, certificate: await certificateText(file) });
        if (!out.ok) return failed(out.code, out.message);
        toast.success(t('certificate.uploaded'));
        await apollo.refetchQueries({ include: ['AccommodationRegistry', 'AccommodationCertificates', 'RegistryAccommodations'] });
      } finally {
        setBusy(false);
      }
    },
    [nhost, apollo, accommodationId, failed, t],
  );

  return { generate, upload, busy };
}
