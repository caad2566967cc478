// Date pickers' adapter and locale, given only by the screens that show a date picker so that other
// pages do not download the pickers and date-fns (see `npm run bench:web -- --analyze`).
import { useEffect, useState, type ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { browserLanguages, pickDateLocale } from '@/lib/i18n/dateLocale';

export function DatePickerProvider({ children }: { children: ReactNode }) {
  // The server cannot see the browser's languages: start in en-US and switch after mounting, so
  // the first client render matches the server's HTML.
  const [dateLocale, setDateLocale] = useState(() => pickDateLocale([]));
  useEffect(() => setDateLocale(pickDateLocale(browserLanguages())), []);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dateLocale}>
      {children}
    </LocalizationProvider>
  );
}
