// /tfh/[id]: one monthly owner statement (a closing of one accommodation and month) as the owner
// reads it: revenue, expenses, commission, tourist tax, payout, nights and status. The database
// decides who sees it (the owner their own closings, admins all); anyone else gets "Not found".
// Why this page is here and what "TFH" is taken to mean: docs/tfh.md.
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { OwnerStatementDocument } from '../graphql/ownerStatement.generated';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function OwnerStatementView({ id }: { id: string }) {
  const { t } = useTranslation('tfh');
  const { locale } = useRouter();
  const valid = UUID.test(id);
  const q = useQuery(OwnerStatementDocument, { variables: { id }, skip: !valid });
  const closing = q.data?.monthly_closings_by_pk;
  if (!valid || (!q.loading && !q.error && !closing)) return <Alert severity="warning">{t('notFound')}</Alert>;
  if (q.error) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!closing) return <Typography color="text.secondary">{t('loading')}</Typography>;
  const money = (value: string) => new Intl.NumberFormat(locale === 'hu' ? 'hu-HU' : 'en-GB', { style: 'currency', currency: closing.currency }).format(Number(value));
  const month = new Intl.DateTimeFormat(locale === 'hu' ? 'hu-HU' : 'en-GB', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${closing.month}T12:00:00Z`));
  const rows: [string, string][] = [
    [t('revenue'), money(closing.revenue)],
    [t('expenses'), money(closing.expenses_total)],
    [t('commission'), money(closing.commission)],
    [t('touristTax'), money(closing.tourist_tax)],
    [t('payout'), money(closing.payout)],
    [t('nights'), String(closing.nights)],
    [t('status'), t(`statuses.${closing.status}`, { defaultValue: closing.status })],
  ];
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        {t('heading', { accommodation: closing.accommodation?.name ?? '', month })}
      </Typography>
      {closing.owner ? <Typography color="text.secondary">{t('owner', { name: closing.owner.name })}</Typography> : null}
      <Paper variant="outlined">
        <Table size="small" aria-label={t('title')}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {closing.notes ? <Typography variant="body2">{closing.notes}</Typography> : null}
    </Stack>
  );
}
