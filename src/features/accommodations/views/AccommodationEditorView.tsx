// The accommodation editor at /accommodations/[id] (or /accommodations/new): loads the
// accommodation, runs each tab's mutations, shows toasts, maps database uniqueness errors to form
// fields, warns about unsaved changes and enforces the limit of open editors.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNhostClient } from '@nhost/nextjs';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import type { AccommodationValues } from '@/domain/accommodationSchemas';
import { MAX_OPEN_ACCOMMODATIONS } from '@/domain/openAccommodations';
import { useSessionUser } from '@/features/shell';
import { capabilitiesFor } from '../capabilities';
import { BasicsForm } from '../components/BasicsForm';
import { ChannelsTab } from '../components/ChannelsTab';
import { ContractFiles, type ContractKind } from '../components/ContractFiles';
import { FeesTab } from '../components/FeesTab';
import { ImagesTab } from '../components/ImagesTab';
import { NtakTab } from '../components/NtakTab';
import { RatesTab } from '../components/RatesTab';
import { TaxesTab } from '../components/TaxesTab';
import { UnitsTab } from '../components/UnitsTab';
import { isForeignKeyViolation, messageOf, violationOf } from '../errors';
import { AccommodationCertificatesDocument } from '../graphql/accommodationCertificates.generated';
import { AccommodationChannelsDocument } from '../graphql/accommodationChannels.generated';
import { AccommodationDetailsDocument } from '../graphql/accommodationDetails.generated';
import { AccommodationFeesDocument } from '../graphql/accommodationFees.generated';
import { AccommodationLabelsDocument } from '../graphql/accommodationLabels.generated';
import { AccommodationStaffDocument } from '../graphql/accommodationStaff.generated';
import { DeleteAccommodationDocument } from '../graphql/deleteAccommodation.generated';
import { DeleteAccommodationFileDocument } from '../graphql/deleteAccommodationFile.generated';
import { DeleteChannelListingDocument } from '../graphql/deleteChannelListing.generated';
import { DeleteFeeDocument } from '../graphql/deleteFee.generated';
import { DeleteRateDocument } from '../graphql/deleteRate.generated';
import { DeleteTaxRangeDocument } from '../graphql/deleteTaxRange.generated';
import { DeleteUnitDocument } from '../graphql/deleteUnit.generated';
import { InsertAccommodationDocument } from '../graphql/insertAccommodation.generated';
import { InsertAccommodationFileDocument } from '../graphql/insertAccommodationFile.generated';
import { InsertChannelListingDocument } from '../graphql/insertChannelListing.generated';
import { LabelsDocument } from '../graphql/labels.generated';
import { LinkAirbnbDocument } from '../graphql/linkAirbnb.generated';
import { ReorderAccommodationFilesDocument } from '../graphql/reorderAccommodationFiles.generated';
import { SetUnitStaffDocument } from '../graphql/setUnitStaff.generated';
import { UnitChannelListingsDocument } from '../graphql/unitChannelListings.generated';
import { UnlinkAirbnbDocument } from '../graphql/unlinkAirbnb.generated';
import { UpdateAccommodationDocument } from '../graphql/updateAccommodation.generated';
import { UpdateAccommodationNtakDocument } from '../graphql/updateAccommodationNtak.generated';
import { UpsertFeeDocument } from '../graphql/upsertFee.generated';
import { UpsertRateDocument } from '../graphql/upsertRate.generated';
import { UpsertTaxRangeDocument } from '../graphql/upsertTaxRange.generated';
import { UpsertUnitDocument } from '../graphql/upsertUnit.generated';
import { useLeaveWarning } from '../hooks/useLeaveWarning';
import { useOpenAccommodations } from '../hooks/useOpenAccommodations';
import { usePeoplePickers } from '../hooks/usePeoplePickers';
import { useThumbnails } from '../hooks/useThumbnails';
import { basicsColumnsOf, basicsToColumns, basicsToForm, changedColumns, newAccommodationColumns, feeToObject, ntakToColumns, ntakToForm, rateToObject, staffOf, taxRangeToObject, unitToObject, withoutOwnerAndTax } from '../mappers';
import type { SaveResult } from '../submit';
import { accommodationListUrl, accommodationUrl, EDITOR_TABS, editorTabOf, NEW_ACCOMMODATION_ID, type EditorTab } from '../urls';
import { OpenStripContainer } from './OpenStripContainer';

const today = () => new Date().toISOString().slice(0, 10);

export function AccommodationEditorView({ id }: { id: string }) {
  const { t } = useTranslation('accommodation');
  const router = useRouter();
  const nhost = useNhostClient();
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

  const skip = isNew || limitReached;
  const details = useQuery(AccommodationDetailsDocument, { variables: { id }, skip });
  const labelIds = useQuery(AccommodationLabelsDocument, { variables: { id }, skip: skip || !can.readsStaffAndLabels });
  const staffLinks = useQuery(AccommodationStaffDocument, { variables: { id }, skip: skip || !can.readsStaffAndLabels });
  const channels = useQuery(AccommodationChannelsDocument, { variables: { id }, skip: skip || !can.readsChannels });
  const certificates = useQuery(AccommodationCertificatesDocument, { variables: { id }, skip: skip || !can.readsCertificates });
  const listings = useQuery(UnitChannelListingsDocument, { variables: { id }, skip: skip || !can.readsChannelListings });
  const labels = useQuery(LabelsDocument, { skip: !can.readsStaffAndLabels });
  const fees = useQuery(AccommodationFeesDocument, { variables: { id }, skip: skip || !can.readsFees });

  const [insertAccommodation] = useMutation(InsertAccommodationDocument);
  const [updateAccommodation] = useMutation(UpdateAccommodationDocument);
  const [updateNtak] = useMutation(UpdateAccommodationNtakDocument);
  const [setUnitStaff] = useMutation(SetUnitStaffDocument);
  const [upsertUnit] = useMutation(UpsertUnitDocument);
  const [deleteUnit] = useMutation(DeleteUnitDocument);
  const [upsertRate] = useMutation(UpsertRateDocument);
  const [deleteRate] = useMutation(DeleteRateDocument);
  const [upsertTaxRange] = useMutation(UpsertTaxRangeDocument);
  const [deleteTaxRange] = useMutation(DeleteTaxRangeDocument);
  const [upsertFee] = useMutation(UpsertFeeDocument);
  const [deleteFee] = useMutation(DeleteFeeDocument);
  const [insertFile] = useMutation(InsertAccommodationFileDocument);
  const [reorderFiles] = useMutation(ReorderAccommodationFilesDocument);
  const [deleteFile] = useMutation(DeleteAccommodationFileDocument);
  const [linkAirbnb] = useMutation(LinkAirbnbDocument);
  const [unlinkAirbnb] = useMutation(UnlinkAirbnbDocument);
  const [insertListing] = useMutation(InsertChannelListingDocument);
  const [deleteListing] = useMutation(DeleteChannelListingDocument);
  const [deleteAccommodation] = useMutation(DeleteAccommodationDocument);

  const accommodation = details.data?.accommodations_by_pk ?? null;
  const units = useMemo(() => accommodation?.units ?? [], [accommodation]);
  const files = accommodation?.accommodation_files ?? [];
  const thumbnails = useThumbnails(files.map((f) => f.file_id));
  const [uploading, setUploading] = useState(false);

  // Names of the chosen owner and staff; the pickers search the rest on the server as one types.
  const staffUserIds = useMemo(() => (staffLinks.data?.unit_2_users ?? []).map((link) => link.user_id), [staffLinks.data]);
  const { knownNames, searchOwners, searchStaff } = usePeoplePickers({ ownerId: accommodation?.owner_id ?? null, staffUserIds, readsOwnerNames: can.readsOwnerNames, readsStaffNames: can.readsStaffAndLabels });

  const refetchAll = useCallback(async () => {
    await Promise.all([
      details.refetch(),
      can.readsFees ? fees.refetch() : null,
      can.readsStaffAndLabels ? labelIds.refetch() : null,
      can.readsStaffAndLabels ? staffLinks.refetch() : null,
      can.readsChannels ? channels.refetch() : null,
      can.readsChannelListings ? listings.refetch() : null,
    ]);
  }, [details, fees, labelIds, staffLinks, channels, listings, can.readsFees, can.readsStaffAndLabels, can.readsChannels, can.readsChannelListings]);

  /** Runs a write: a toast either way, the database's uniqueness errors back to the form. */
  const write = useCallback(
    async (action: () => Promise<unknown>, successKey = 'toast.saved'): Promise<SaveResult> => {
      try {
        await action();
        toast.success(t(successKey));
        if (!isNew) await refetchAll();
        return null;
      } catch (error) {
        const violation = violationOf(error);
        if (violation) return violation;
        toast.error(t('toast.failed', { message: messageOf(error) }));
        return 'failed';
      }
    },
    [t, isNew, refetchAll],
  );

  /** Administrators only (capabilities): the database refuses while bookings or money rows point at it. */
  const removeAccommodation = async () => {
    if (!accommodation || !window.confirm(t('editor.confirmDeleteAccommodation', { name: accommodation.name }))) return;
    try {
      await deleteAccommodation({ variables: { id } });
      toast.success(t('toast.deleted'));
      close(id);
      allowNavigation();
      await router.push(accommodationListUrl());
    } catch (error) {
      toast.error(isForeignKeyViolation(error) ? t('errors.accommodationInUse') : t('toast.failed', { message: messageOf(error) }));
    }
  };

  const saveBasics = async (values: AccommodationValues): Promise<SaveResult> => {
    const allowed = (columns: Record<string, unknown>) => (can.ownerAndTax ? columns : withoutOwnerAndTax(columns));
    if (isNew) {
      let newId: string | null = null;
      const result = await write(async () => {
        const { data } = await insertAccommodation({
          variables: { object: { ...allowed(newAccommodationColumns(values)), accommodation_labels: { data: values.labelIds.map((labelId) => ({ label_id: labelId })) } } },
        });
        newId = data?.insert_accommodations_one?.id ?? null;
      });
      if (result === null && newId) {
        // The form still counts as dirty until it resets; the new record is saved, so go.
        allowNavigation();
        await router.replace(accommodationUrl(newId, 'units'));
      }
      return result;
    }
    return write(async () => {
      const changed = allowed(accommodation ? changedColumns(basicsColumnsOf(accommodation), basicsToColumns(values)) : basicsToColumns(values));
      // The engine needs at least one column to set; the name is always there.
      const set = Object.keys(changed).length ? changed : { name: values.name };
      await updateAccommodation({ variables: { id, set, labels: values.labelIds.map((labelId) => ({ accommodation_id: id, label_id: labelId })) } });
      if (units.length > 0) {
        const links = units.flatMap((unit) => [
          ...values.managerIds.map((userId) => ({ unit_id: unit.id, user_id: userId, connection_type: 'manager' as const })),
          ...values.cleanerIds.map((userId) => ({ unit_id: unit.id, user_id: userId, connection_type: 'cleaner' as const })),
        ]);
        await setUnitStaff({ variables: { unitIds: units.map((u) => u.id), links } });
      }
    });
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
    return <Alert severity={details.error ? 'error' : 'info'}>{details.error ? t('toast.failed', { message: messageOf(details.error) }) : t('editor.notFound')}</Alert>;
  }
  if (isNew && !can.create) return <Alert severity="info">{t('editor.readOnly')}</Alert>;

  const title = accommodation?.name ?? t('editor.newTitle');
  const basicsInitial = basicsToForm(accommodation, (labelIds.data?.accommodation_labels ?? []).map((l) => l.label_id), staffOf(staffLinks.data?.unit_2_users ?? []));

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
        {tab === 'basics' ? (
          <BasicsForm
            initialValues={basicsInitial}
            labels={labels.data?.labels ?? []}
            searchOwners={searchOwners}
            searchStaff={searchStaff}
            knownNames={knownNames}
            showDeleteHint={!isNew && can.basics && !can.deletes}
            readOnly={!can.basics}
            ownerAndTaxReadOnly={!can.ownerAndTax}
            canConnectStaff={!isNew && units.length > 0 && can.readsStaffAndLabels}
            onSave={saveBasics}
            onDirtyChange={onDirtyChange}
          />
        ) : null}
        {tab === 'basics' && accommodation ? (
          <div style={{ marginTop: 24 }}>
            <ContractFiles
              files={{ pm: accommodation.pm_contract_file_id, manager: accommodation.manager_contract_file_id }}
              readOnly={!can.contracts}
              onUpload={async (kind: ContractKind, file) => {
                await write(async () => {
                  const { fileMetadata, error } = await nhost.storage.upload({ file, bucketId: 'default' });
                  if (error || !fileMetadata) throw new Error(error?.message ?? file.name);
                  const column = kind === 'pm' ? 'pm_contract_file_id' : 'manager_contract_file_id';
                  await updateNtak({ variables: { id, set: { [column]: fileMetadata.id } } });
                });
              }}
              onDownload={async (fileId) => {
                const { presignedUrl, error } = await nhost.storage.getPresignedUrl({ fileId });
                if (presignedUrl) window.open(presignedUrl.url, '_blank', 'noopener');
                else toast.error(t('toast.failed', { message: error?.message ?? '' }));
              }}
            />
          </div>
        ) : null}
        {tab === 'units' ? (
          <UnitsTab
            units={units}
            readOnly={!can.units}
            onDirtyChange={onDirtyChange}
            onSave={(values, unitId) => write(() => upsertUnit({ variables: { object: unitToObject(values, id, unitId) } }))}
            onDelete={can.deletesUnits ? async (unit) => void (await write(() => deleteUnit({ variables: { id: unit.id } }), 'toast.deleted')) : undefined}
          />
        ) : null}
        {tab === 'rates' ? (
          <RatesTab
            units={units}
            readOnly={!can.rates}
            onDirtyChange={onDirtyChange}
            onSave={(values, rateId) => write(() => upsertRate({ variables: { object: rateToObject(values, rateId) } }))}
            onDelete={async (rate) => void (await write(() => deleteRate({ variables: { id: rate.id } }), 'toast.deleted'))}
          />
        ) : null}
        {tab === 'ntak' && accommodation ? (
          <NtakTab
            initialValues={ntakToForm(accommodation)}
            certificates={{
              ntakCert: Boolean(certificates.data?.accommodations_by_pk?.ntak_cert),
              signingCert: Boolean(certificates.data?.accommodations_by_pk?.ntak_signing_cert),
              authCert: Boolean(certificates.data?.accommodations_by_pk?.ntak_auth_cert),
            }}
            readOnly={!can.ntak}
            onDirtyChange={onDirtyChange}
            onSave={(values) => write(() => updateNtak({ variables: { id, set: ntakToColumns(values) } }))}
          />
        ) : null}
        {tab === 'taxes' && accommodation ? (
          <TaxesTab
            ranges={accommodation.tourist_tax_ranges}
            readOnly={!can.taxes}
            today={today()}
            onDirtyChange={onDirtyChange}
            onSave={(values, rangeId) => write(() => upsertTaxRange({ variables: { object: taxRangeToObject(values, id, rangeId) } }))}
            onDelete={async (range) => void (await write(() => deleteTaxRange({ variables: { id: range.id } }), 'toast.deleted'))}
          />
        ) : null}
        {tab === 'images' ? (
          <ImagesTab
            images={files.map((f) => ({ fileId: f.file_id, thumbnailUrl: thumbnails.get(f.file_id) ?? null }))}
            readOnly={!can.images}
            uploading={uploading}
            onUpload={async (chosen) => {
              setUploading(true);
              const start = files.reduce((max, f) => Math.max(max, f.position + 1), 0);
              await write(async () => {
                for (const [index, file] of chosen.entries()) {
                  const { fileMetadata, error } = await nhost.storage.upload({ file, bucketId: 'default' });
                  if (error || !fileMetadata) throw new Error(error?.message ?? file.name);
                  await insertFile({ variables: { accommodationId: id, fileId: fileMetadata.id, position: start + index } });
                }
              });
              setUploading(false);
            }}
            onReorder={async (order) =>
              void (await write(() =>
                reorderFiles({ variables: { updates: order.map((fileId, position) => ({ where: { accommodation_id: { _eq: id }, file_id: { _eq: fileId } }, _set: { position } })) } }),
              ))
            }
            onDelete={async (fileId) => {
              const result = await write(() => deleteFile({ variables: { accommodationId: id, fileId } }), 'toast.deleted');
              // The file itself can only be deleted by its uploader; a refusal leaves an unlinked file.
              if (result === null) await nhost.storage.delete({ fileId });
            }}
          />
        ) : null}
        {tab === 'fees' ? (
          <FeesTab
            units={units}
            fees={fees.data?.expense_factories ?? []}
            readOnly={!can.fees}
            onDirtyChange={onDirtyChange}
            onSave={(values, feeId) => write(() => upsertFee({ variables: { object: feeToObject(values, feeId) } }))}
            onDelete={async (fee) => void (await write(() => deleteFee({ variables: { id: fee.id } }), 'toast.deleted'))}
          />
        ) : null}
        {tab === 'channels' ? (
          <ChannelsTab
            units={units}
            airbnbLinks={can.readsChannels ? (channels.data?.airbnb_units ?? []) : null}
            listings={listings.data?.unit_channel_listings ?? []}
            readOnly={!can.channels}
            onDirtyChange={onDirtyChange}
            onAddListing={(unitId, values) => write(() => insertListing({ variables: { object: { unit_id: unitId, channel: values.channel, external_id: values.externalId, url: values.url } } }))}
            onRemoveListing={async (listing) => void (await write(() => deleteListing({ variables: { id: listing.id } }), 'toast.deleted'))}
            onLink={async (unitId, listing) => {
              const unitName = units.find((u) => u.id === unitId)?.name ?? listing.id;
              await write(() => linkAirbnb({ variables: { airbnbId: listing.id, url: listing.url, title: unitName, unitId } }));
            }}
            onUnlink={async (unitId, airbnbId) => void (await write(() => unlinkAirbnb({ variables: { unitId, airbnbId } }), 'toast.deleted'))}
          />
        ) : null}
      </Paper>
    </Stack>
  );
}
