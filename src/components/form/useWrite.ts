// The one way a screen runs a write: a toast either way, and a database uniqueness violation handed
// back to the form as a field message (SaveResult) instead of a toast. Tab hooks of every area use
// it, so saving looks and behaves the same everywhere.
import { useCallback } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { toast } from 'react-toastify';
import { messageOf, violationOf } from '@/lib/apollo/errors';
import type { SaveResult } from './submit';

export type Write = (action: () => Promise<unknown>, done?: 'saved' | 'deleted') => Promise<SaveResult>;

export function useWrite(): Write {
  const { t } = useTranslation('common');
  return useCallback<Write>(
    async (action, done = 'saved') => {
      try {
        await action();
        toast.success(t(`toast.${done}`));
        return null;
      } catch (error) {
        const violation = violationOf(error);
        if (violation) return violation;
        toast.error(t('toast.failed', { message: messageOf(error) }));
        return 'failed';
      }
    },
    [t],
  );
}
