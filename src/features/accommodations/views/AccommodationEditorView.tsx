// The accommodation editor at /accommodations/[id] (or /accommodations/new): routing between the
// tabs, the unsaved-changes guard and the limit of open editors. Each tab's data and writes live in
// its hook (../hooks/use<Tab>Tab), wired to its component in ./EditorTabPanels.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useMutation } from '@apollo/client/react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { MAX_OPEN_ACCOMMODATIONS } from '@/domain/accommodations/openAccommodations';
import { useSessionUser } from '@/features/shell';
import { isForeignKeyViolation, messageOf } from '@/lib/apollo/errors';
import { useLeaveWarning } from '@/lib/hooks/useLeaveWarning';
import { capabilitiesFor } from '../capabilities';
import { DeleteAccommodationDocument } from '../graphql/deleteAccommodation.generated';
import { useAccommodation } from '../hooks/useAccommodation';
import { useOpenAccommodations } from '../hooks/useOpenAccommodations';
import { accommodationListUrl, accommodationUrl, EDITOR_TABS, editorTabOf, NEW_ACCOMMODATION_ID, type EditorTab } from '../urls';
import { BasicsPanel, ChannelsPanel, FeesPanel, ImagesPanel, NtakPanel, RatesPanel, TaxesPanel, UnitsPanel, type PanelProps } from './EditorTabPanels';
import { OpenStripContainer } from './OpenStripContainer';

const PANELS: Record<Exclude<EditorTab, 'basics'>, (props: PanelProps) => React.ReactNode> = {
  units: UnitsPanel,
  rates: RatesPanel,
  ntak: NtakPanel,
  taxes: TaxesPanel,
  images: ImagesPanel,
  fees: FeesPanel,
  channels: ChannelsPanel,
};

export function AccommodationEditorView({ id }: { id: string }) {
  const { t } = useTranslation('accommodation');
  const router = useRouter();
  const { user } = useSessionUser();
  const can = capabilitiesFor(user?.role ?? null);
  const isNew = id === NEW_ACCOMMODATION_ID;
  const tab: EditorTab = isNew ? 'basics' : editorTabOf(router.query.tab);

  // "Open" = present in the strip of editor tabs; opening a 16th is refused (see src/domain).
  const { tryOpen, close } = useOpenAccommodations();
  const [limitReached, setLimitReached] = useState(false);
  useEffect(() => {
    if (!isNew) setLimitReached(!tryOpen(id).ok);
  }, [id, isNew, tryOpen]);

  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const onDirtyChange = useCallback((formId: string, dirty: boolean) => {
    setDirtyForms((current) => {
      if (current.has(formId) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(formId);
      else next.delete(formId);
      return next;
    });
  }, []);
  const allowNavigation = useLeaveWarning(dirtyForms.size > 0, t('unsavedChanges'));

  const details = useAccommodation(id, isNew || limitReached);
  const accommodation = details.accommodation;
  const [deleteAccommodation] = useMutation(DeleteAccommodationDocument);

  /** Administrators only (capabilities): the database refuses while bookings or money rows point at it. */
  const removeAccommodation = async () => {
    if (!accommodation || !window.confirm(t('editor.confirmDeleteAccommodation', { name: accommodation.name }))) return;
    try {
      // Dropped from the cache too, so the list it returns to no longer draws it while it reloads.
      await deleteAccommodation({ variables: { id }, update: (cache) => void cache.evict({ id: cache.identify({ __typename: 'accommodations', id }) }) });
      toast.success(t('common:toast.deleted'));
      close(id);
      allowNavigation();
      await router.push(accommodationListUrl());
    } catch (error) {
      toast.error(isForeignKeyViolation(error) ? t('errors.accommodationInUse') : t('common:toast.failed', { message: messageOf(error) }));
    }
  };

  const onCreated = async (newId: string) => {
    // The form still counts as dirty until it resets; the new record is saved, so go.
    allowNavigation();
    await router.replace(accommodationUrl(newId, 'units'));
  };

  const changeTab = (next: EditorTab) => {
    if (next === tab) return;
    if (dirtyForms.size > 0 && !window.confirm(t('unsavedChanges'))) return;
    setDirtyForms(new Set());
    void router.replace(accommodationUrl(id, next), undefined, { shallow: true });
  };

  if (limitReached) {
    return (
      <Stack spacing={2}>
        <OpenStripContainer activeId={null} />
        <Alert severity="warning" role="alert">
          {t('open.limit', { max: MAX_OPEN_ACCOMMODATIONS })}
        </Alert>
        <div>
          <Button component={Link} href={accommodationListUrl()}>
            {t('editor.back')}
          </Button>
        </div>
      </Stack>
    );
  }
  if (!isNew && details.loading && !accommodation) return <Typography>{t('editor.loading')}</Typography>;
  if (!isNew && !accommodation) {
    return <Alert severity={details.error ? 'error' : 'info'}>{details.error ? t('common:toast.failed', { message: messageOf(details.error) }) : t('editor.notFound')}</Alert>;
  }
  if (isNew && !can.create) return <Alert severity="info">{t('editor.readOnly')}</Alert>;

  const title = accommodation?.name ?? t('editor.newTitle');
  const Panel = tab === 'basics' ? null : PANELS[tab];

  return (
    <Stack spacing={2}>
      <PageTitle title={title} />
      <OpenStripContainer activeId={isNew ? null : id} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component={Link} href={accommodationListUrl()}>
          {t('editor.back')}
        </Button>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {can.deletes && accommodation ? (
          <Button color="error" onClick={() => void removeAccommodation()}>
            {t('editor.deleteAccommodation')}
          </Button>
        ) : null}
      </Stack>
      {!isNew && !can.basics ? <Alert severity="info">{t('editor.readOnly')}</Alert> : null}
      <Tabs value={tab} onChange={(_, next: EditorTab) => changeTab(next)} variant="scrollable" aria-label={title}>
        {EDITOR_TABS.map((name) => (
          <Tab key={name} value={name} label={t(`tabs.${name}`)} disabled={isNew && name !== 'basics'} />
        ))}
      </Tabs>
      {isNew ? <Typography color="text.secondary">{t('editor.saveFirst')}</Typography> : null}
      <Paper sx={{ p: 2 }} role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {Panel ? <Panel id={id} can={can} onDirtyChange={onDirtyChange} /> : <BasicsPanel id={id} isNew={isNew} can={can} onDirtyChange={onDirtyChange} onCreated={onCreated} />}
      </Paper>
    </Stack>
  );
}
