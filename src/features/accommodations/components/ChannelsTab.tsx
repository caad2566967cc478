// The channels tab: per unit, the Airbnb listings (id or URL) and the unit's ids on the other
// channels (Booking.com, Expedia, ...), plus one form to map a new channel id to a unit.
import { useState } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@/domain/accommodations/accommodationSchemas';
import { parseAirbnbListing } from '@/domain/accommodations/airbnbListing';
import { channelListingSchema, LISTING_CHANNELS, type ChannelListingValues } from '@/domain/accommodations/channelListings';
import { submitWith, type SaveResult } from '@/components/form/submit';
import type { AirbnbLink, ChannelListingRow, UnitRow } from '../types';
import { DirtyReporter, FormGrid, SelectInput, TextInput } from '@/components/form/fields';

export interface ChannelsTabProps {
  units: UnitRow[];
  /** Airbnb links, or null when the role may not read them (owners see only the other channels). */
  airbnbLinks: AirbnbLink[] | null;
  listings: ChannelListingRow[];
  readOnly?: boolean;
  onLink: (unitId: string, listing: { id: string; url: string | null }) => Promise<void>;
  onUnlink: (unitId: string, airbnbId: string) => Promise<void>;
  onAddListing: (unitId: string, values: ChannelListingValues) => Promise<SaveResult>;
  onRemoveListing: (listing: ChannelListingRow) => Promise<void>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
}

const listingFormSchema = channelListingSchema.shape({ unitId: yup.string().required(messages.required) });

function AirbnbInput({ unit, onLink }: { unit: UnitRow; onLink: ChannelsTabProps['onLink'] }) {
  const { t } = useTranslation('accommodation');
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    const parsed = parseAirbnbListing(input);
    if (!parsed.ok) {
      setError(t('channels.invalidUrl'));
      return;
    }
    setError(null);
    await onLink(unit.id, { id: parsed.id, url: parsed.url });
    setInput('');
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        id={`airbnb-${unit.id}`}
        label={t('channels.airbnbInput')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? t('channels.airbnbHelp')}
        sx={{ minWidth: 360 }}
      />
      <Button variant="outlined" onClick={() => void add()} disabled={!input.trim()}>
        {t('channels.link')}
      </Button>
    </Stack>
  );
}

function UnitChannels({ unit, airbnbLinks, listings, readOnly, onLink, onUnlink, onRemoveListing }: { unit: UnitRow; airbnbLinks: AirbnbLink[] | null; listings: ChannelListingRow[] } & Pick<ChannelsTabProps, 'readOnly' | 'onLink' | 'onUnlink' | 'onRemoveListing'>) {
  const { t } = useTranslation('accommodation');
  const empty = (airbnbLinks ?? []).length === 0 && listings.length === 0;
  return (
    <Stack spacing={1} component="section" aria-label={unit.name}>
      <Typography variant="subtitle1" component="h3">
        {unit.name}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {empty ? <Typography color="text.secondary">{t('channels.none')}</Typography> : null}
        {(airbnbLinks ?? []).map((link) => (
          <Chip
            key={link.airbnb_id}
            label={t('channels.airbnbListing', { id: link.airbnb_id })}
            component={link.airbnb?.url ? 'a' : 'div'}
            href={link.airbnb?.url ?? undefined}
            clickable={Boolean(link.airbnb?.url)}
            onDelete={readOnly ? undefined : () => void onUnlink(unit.id, link.airbnb_id)}
          />
        ))}
        {listings.map((listing) => {
          const label = t('channels.listing', { channel: t(`channels.names.${listing.channel}`), id: listing.external_id });
          return (
            <Chip
              key={listing.id}
              label={label}
              variant="outlined"
              component={listing.url ? 'a' : 'div'}
              href={listing.url ?? undefined}
              target={listing.url ? '_blank' : undefined}
              rel={listing.url ? 'noopener noreferrer' : undefined}
              clickable={Boolean(listing.url)}
              onDelete={readOnly ? undefined : () => void onRemoveListing(listing)}
            />
          );
        })}
      </Stack>
      {readOnly || airbnbLinks === null ? null : <AirbnbInput unit={unit} onLink={onLink} />}
    </Stack>
  );
}

function AddListingForm({ units, onAddListing, onDirtyChange }: Pick<ChannelsTabProps, 'units' | 'onAddListing' | 'onDirtyChange'>) {
  const { t } = useTranslation('accommodation');
  const initialValues = { unitId: units[0]?.id ?? '', channel: 'booking', externalId: '', url: '' };
  const save = (values: yup.InferType<typeof listingFormSchema>) => onAddListing(values.unitId, { channel: values.channel, externalId: values.externalId, url: values.url });
  return (
    <Formik initialValues={initialValues} validationSchema={listingFormSchema} enableReinitialize onSubmit={submitWith(listingFormSchema, save, { resetOnSave: true })}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('channels.addTitle')}>
          <DirtyReporter id="channel-listing" onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h3">
              {t('channels.addTitle')}
            </Typography>
            <FormGrid>
              <SelectInput name="unitId" label={t('channels.fields.unit')} options={units.map((unit) => ({ value: unit.id, label: unit.name }))} />
              <SelectInput name="channel" label={t('channels.fields.channel')} options={LISTING_CHANNELS.map((channel) => ({ value: channel, label: t(`channels.names.${channel}`) }))} />
              <TextInput name="externalId" label={t('channels.fields.externalId')} />
              <TextInput name="url" label={t('channels.fields.url')} helperText={t('channels.fields.urlHelp')} />
            </FormGrid>
            <div>
              <Button type="submit" variant="outlined" disabled={isSubmitting}>
                {t('channels.add')}
              </Button>
            </div>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

export function ChannelsTab({ units, airbnbLinks, listings, readOnly, onLink, onUnlink, onAddListing, onRemoveListing, onDirtyChange }: ChannelsTabProps) {
  const { t } = useTranslation('accommodation');
  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="h2">
        {t('tabs.channels')}
      </Typography>
      {units.length === 0 ? <Typography>{t('channels.needUnit')}</Typography> : null}
      {units.map((unit) => (
        <UnitChannels
          key={unit.id}
          unit={unit}
          airbnbLinks={airbnbLinks === null ? null : airbnbLinks.filter((link) => link.unit_id === unit.id)}
          listings={listings.filter((listing) => listing.unit_id === unit.id)}
          readOnly={readOnly}
          onLink={onLink}
          onUnlink={onUnlink}
          onRemoveListing={onRemoveListing}
        />
      ))}
      {readOnly || units.length === 0 ? null : <AddListingForm units={units} onAddListing={onAddListing} onDirtyChange={onDirtyChange} />}
    </Stack>
  );
}
