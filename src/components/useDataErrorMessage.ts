// Turns a data-service failure into a sentence in the user's language (error namespace, data.*),
// for toasts and inline alerts in any area.
import { useCallback } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { describeDataError } from '@/lib/apollo/errors';

export function useDataErrorMessage(): (error: unknown, operationName?: string) => string {
  const { t } = useTranslation('error');
  return useCallback(
    (error: unknown, operationName?: string) => {
      const described = describeDataError(error, operationName);
      return t(`data.${described.code}`, { status: described.status, message: described.message });
    },
    [t],
  );
}
