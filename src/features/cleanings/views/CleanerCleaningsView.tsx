// /cleanings for a cleaner: a phone-first list of their upcoming cleanings (theirs and unassigned
// ones on their units), acknowledge or report a problem. Guest contact data and prices never reach
// this view: the cleaner role cannot read them (metadata), and the fragment asks for neither.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { CleanerCleaningCard } from '../components/CleanerCleaningCard';
import { CleanerTaskList } from '../components/CleanerTaskList';
import { ProblemDialog } from '../components/ProblemDialog';
import type { CleaningFragment } from '../graphql/fragments.generated';
import { useMyCleanings } from '../hooks/useMyCleanings';
import { budapestToday } from '../today';

export function CleanerCleaningsView({ me }: { me: string }) {
  const { t } = useTranslation('cleanings');
  const mine = useMyCleanings(me, budapestToday());
  const [reporting, setReporting] = useState<CleaningFragment | null>(null);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1">{t('mine.title')}</Typography>
      {mine.error && <Alert severity="error">{t('loadFailed')}</Alert>}
      {mine.loading && <Typography>{t('loading')}</Typography>}
      {!mine.loading && !mine.cleanings.length && <Typography>{t('mine.empty')}</Typography>}
      {mine.cleanings.map((c) => (
        <CleanerCleaningCard key={c.id} cleaning={c} onAcknowledge={(id) => void mine.acknowledge(id)} onReport={setReporting} />
      ))}
      <Typography variant="h6" component="h2" sx={{ pt: 2 }}>{t('tasks.title')}</Typography>
      <CleanerTaskList tasks={mine.tasks} onDone={(id) => void mine.complete(id)} />
      {reporting && <ProblemDialog unitName={reporting.unit.name} onClose={() => setReporting(null)} onSubmit={(v) => mine.report(reporting, v)} />}
    </Stack>
  );
}
