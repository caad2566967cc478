// Re-send a failed or blocked submission (functions/registry/resend); the lists refetch after.
import { useCallback, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useNhostClient } from '@nhost/nextjs';
import { useTranslation } from 'next-i18next/pages';
import { toast } from 'react-toastify';
import { callRegistry, type ResendAnswer } from '../api';

export function useResend(): { resend: (id: string) => Promise<void>; busyId: string | null } {
  const nhost = useNhostClient();
  const apollo = useApolloClient();
  const { t } = useTranslation('ntak-iranytu');
  const [busyId, setBusyId] = useState<string | null>(null);
  const resend = useCallback(
    async (id: string) => {
      setBusyId(id);
      try {
        const out = await callRegistry<ResendAnswer>(nhost, '/registry/resend', { submissionId: id });
        if (out.ok) {
          const status = t(`status.${out.data.status}`, { defaultValue: out.data.status });
          if (out.data.status === 'success') toast.success(t('dashboard.resent', { status }));
          else toast.warning(t('dashboard.resentNotAccepted', { status, reason: out.data.reason ?? '' }));
        } else toast.error(t('dashboard.resendFailed', { message: t(`errors.${out.code}`, { defaultValue: out.message || out.code }) }));
        await apollo.refetchQueries({ include: ['RegistrySubmissions', 'RegistryCounts', 'RegistryDailyCloses', 'RegistryAccommodations'] });
      } finally {
        setBusyId(null);
      }
    },
    [nhost, apollo, t],
  );
  return { resend, busyId };
}
