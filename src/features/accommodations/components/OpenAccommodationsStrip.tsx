// The strip of open accommodation editors: one tab per open accommodation, closable, with the
// count against the limit of 15 (spec section 5).
import { useTranslation } from 'next-i18next/pages';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_OPEN_ACCOMMODATIONS } from '@/domain/accommodations/openAccommodations';

export interface OpenAccommodationsStripProps {
  open: { id: string; name: string }[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onClose: (id: string) => void;
}

export function OpenAccommodationsStrip({ open, activeId, onSelect, onClose }: OpenAccommodationsStripProps) {
  const { t } = useTranslation('accommodation');
  if (open.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} component="nav" aria-label={t('open.strip')} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      {open.map((item) => (
        <Chip
          key={item.id}
          label={item.name}
          // Not a link: the close button sits inside the chip and must not navigate.
          onClick={() => onSelect(item.id)}
          clickable
          color={item.id === activeId ? 'primary' : 'default'}
          aria-current={item.id === activeId ? 'page' : undefined}
          onDelete={() => onClose(item.id)}
          deleteIcon={
            <span role="button" aria-label={t('open.close', { name: item.name })} style={{ padding: '0 6px' }}>
              ×
            </span>
          }
        />
      ))}
      <Typography variant="body2" color="text.secondary">
        {t('open.count', { count: open.length, max: MAX_OPEN_ACCOMMODATIONS })}
      </Typography>
    </Stack>
  );
}
