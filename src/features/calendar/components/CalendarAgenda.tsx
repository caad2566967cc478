// The calendar at phone width: one unit at a time as a list of nights (date, stay, closed or
// price); a tap starts a range, a second tap on the same unit ends it. Renders props only.
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { civilFromDay, isoFromDay, isoWeekday, type DayNumber } from '@/domain/pricing';
import { cellPrice } from '../format';
import { mainRate, type CalendarUnit } from '../model';
import type { PriceIndex } from './CalendarGrid';
import { bookingUrl } from '../urls';
import styles from './CalendarAgenda.module.css';

export interface CalendarAgendaProps {
  units: readonly { id: string; name: string; accommodationName: string }[];
  unit: CalendarUnit | undefined;
  unitId: string | null;
  from: DayNumber;
  days: number;
  prices: PriceIndex;
  today: DayNumber;
  locale: string;
  selected: { first: DayNumber; last: DayNumber } | null;
  onUnit(unitId: string): void;
  onShift(days: number): void;
  onTap(day: DayNumber): void;
}

export function CalendarAgenda(p: CalendarAgendaProps) {
  const { t } = useTranslation('calendar');
  const rate = p.unit ? mainRate(p.unit) : null;
  const priced = rate ? p.prices.get(rate.id) : undefined;
  const dateFormat = new Intl.DateTimeFormat(p.locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const items = [];
  for (let i = 0; i < p.days; i += 1) {
    const day = p.from + i;
    const iso = isoFromDay(day);
    const { year, month, day: dom } = civilFromDay(day);
    const stay = p.unit?.stays.find((s) => s.checkin <= day && s.checkout > day);
    const closed = p.unit?.pricing?.closedDays.has(iso) ?? false;
    const night = priced && day >= priced.from ? priced.days[day - priced.from] : undefined;
    const selected = p.selected !== null && day >= p.selected.first && day <= p.selected.last;
    const cls = [styles.day, selected ? styles.selected : '', closed ? styles.closed : '', day === p.today ? styles.today : '', isoWeekday(day) >= 6 ? styles.weekend : ''].join(' ');
    items.push(
      <li key={iso} className={cls} data-date={iso}>
        <button type="button" className={styles.tap} onClick={() => p.onTap(day)} aria-pressed={selected}>
          <span className={styles.date}>{dateFormat.format(new Date(Date.UTC(year, month - 1, dom)))}</span>
          <span className={styles.state}>{closed ? t('grid.closed') : night && rate ? `${cellPrice(night.price, rate.currency, p.locale)} ${rate.currency}` : ''}</span>
        </button>
        {stay ? (
          stay.bookingId ? (
            <Link href={bookingUrl(stay.bookingId)} prefetch={false} className={styles.stay}>
              {stay.guestName}
            </Link>
          ) : (
            <span className={styles.stay}>{t('agenda.occupied', { count: stay.guests ?? 0 })}</span>
          )
        ) : null}
      </li>,
    );
  }
  return (
    <div>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <TextField select size="small" label={t('agenda.unit')} value={p.unitId ?? ''} onChange={(e) => p.onUnit(e.target.value)} sx={{ flex: 1 }}>
          {p.units.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.accommodationName} · {u.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 1, justifyContent: 'space-between' }}>
        <Button size="small" onClick={() => p.onShift(-p.days)}>
          {t('agenda.earlier')}
        </Button>
        <Button size="small" onClick={() => p.onShift(p.days)}>
          {t('agenda.later')}
        </Button>
      </Stack>
      <ul className={styles.list} aria-label={t('grid.label')}>
        {items}
      </ul>
    </div>
  );
}
