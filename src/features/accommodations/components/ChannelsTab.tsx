// The channels tab: the Airbnb listings (id or URL) each unit is sold through.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseAirbnbListing } from '@/domain/airbnbListing';
import type { AirbnbLink, UnitRow } from '../types';

export interface ChannelsTabProps {
  units: UnitRow[];
  links: AirbnbLink[];
  readOnly?: boolean;
  onLink: (unitId: string, listing: { id: string; url: string | null }) => Promise<void>;
  onUnlink: (unitId: string, airbnbId: string) => Promise<void>;
}

function UnitChannels({ unit, links, readOnly, onLink, onUnlink }: { unit: UnitRow } & Omit<ChannelsTabProps, 'units'>) {
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
    <Stack spacing={1} component="section" aria-label={unit.name}>
      <Typography variant="subtitle1" component="h3">
        {unit.name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {links.length === 0 ? <Typography color="text.secondary">{t('channels.none')}</Typography> : null}
        {links.map((link) => (
          <Chip
            key={link.airbnb_id}
            label={t('channels.airbnbListing', { id: link.airbnb_id })}
            component={link.airbnb?.url ? 'a' : 'div'}
            href={link.airbnb?.url ?? undefined}
            clickable={Boolean(link.airbnb?.url)}
            onDelete={readOnly ? undefined : () => void onUnlink(unit.id, link.airbnb_id)}
          />
        ))}
      </Stack>
      {readOnly ? null : (
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
      )}
    </Stack>
  );
}

export function ChannelsTab({ units, links, ...props }: ChannelsTabProps) {
  const { t } = useTranslation('accommodation');
  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="h2">
        {t('tabs.channels')}
      </Typography>
      {units.length === 0 ? <Typography>{t('channels.needUnit')}</Typography> : null}
      {units.map((unit) => (
        <UnitChannels key={unit.id} unit={unit} links={links.filter((link) => link.unit_id === unit.id)} {...props} />
      ))}
    </Stack>
  );
}
