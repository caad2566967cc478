// The accommodation table: chosen columns, sortable headers, server-side paging and a link per row
// into the editor. Renders only what it is given; the list view loads the page.
import { memo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { readableTextOn } from '@/lib/theme/readableText';
import { TABLE_COLUMNS, type TableColumn } from '../columns';
import { PAGE_SIZES, SORTABLE_COLUMNS, type Sort, type SortColumn } from '../listQuery';
import type { AccommodationListRow, LabelRow } from '../types';

export interface AccommodationTableProps {
  rows: AccommodationListRow[];
  /** Labels per accommodation id (loaded separately; absent for roles that may not read labels). */
  labelsById: ReadonlyMap<string, LabelRow[]>;
  total: number;
  loading: boolean;
  columns: TableColumn[];
  sort: Sort;
  page: number;
  pageSize: number;
  onColumnsChange: (columns: TableColumn[]) => void;
  onSortChange: (sort: Sort) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Where a row's editor lives (the view decides, e.g. /accommodations/<id>). */
  editorHref: (id: string) => string;
}

export { PAGE_SIZES };

function cell(column: TableColumn, row: AccommodationListRow, labels: LabelRow[], t: (key: string) => string, editorHref: (id: string) => string) {
  switch (column) {
    case 'name':
      return (
        // No viewport prefetch per row (docs/performance.md: links in lists); pointing at it still prefetches.
        <Link href={editorHref(row.id)} prefetch={false}>
          {row.name}
        </Link>
      );
    case 'externalName':
      return row.external_name ?? '';
    case 'city':
      return row.city;
    case 'address':
      return row.address;
    case 'zip':
      return row.zip;
    case 'owner':
      return row.owner_name ?? '';
    case 'labels':
      return labels.map((label) => <Chip key={label.id} size="small" label={label.name} sx={{ mr: 0.5, bgcolor: label.color, color: readableTextOn(label.color) }} />);
    case 'units':
      return row.units.length;
    case 'ntakId':
      return row.ntak_id ?? '';
    case 'hidden':
      return row.is_hidden ? t('yes') : t('no');
  }
}

// Memoised: the list view re-renders for each of its queries' answers; these only for their props.
export const ColumnChooser = memo(function ColumnChooser({ columns, onChange }: { columns: TableColumn[]; onChange: (columns: TableColumn[]) => void }) {
  const { t } = useTranslation('accommodation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (column: TableColumn) => onChange(TABLE_COLUMNS.filter((c) => (c === column ? !columns.includes(c) : columns.includes(c))));
  return (
    <>
      <Button variant="outlined" onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu">
        {t('table.columns')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {TABLE_COLUMNS.map((column) => (
          <MenuItem key={column} dense disabled={column === 'name'}>
            <FormControlLabel control={<Checkbox size="small" checked={columns.includes(column)} onChange={() => toggle(column)} />} label={t(`table.column.${column}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
});

export const AccommodationTable = memo(function AccommodationTable({ rows, labelsById, total, loading, columns, sort, page, pageSize, onSortChange, onPageChange, onPageSizeChange, editorHref }: AccommodationTableProps) {
  const { t } = useTranslation('accommodation');
  const sortable = (column: TableColumn): column is SortColumn => (SORTABLE_COLUMNS as readonly string[]).includes(column);
  return (
    <>
      <Table size="small" aria-label={t('table.title')} aria-busy={loading}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sortDirection={sort.column === column ? sort.direction : false}>
                {sortable(column) ? (
                  <TableSortLabel
                    active={sort.column === column}
                    direction={sort.column === column ? sort.direction : 'asc'}
                    onClick={() => onSortChange({ column, direction: sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc' })}
                  >
                    {t(`table.column.${column}`)}
                  </TableSortLabel>
                ) : (
                  t(`table.column.${column}`)
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              {columns.map((column) => (
                <TableCell key={column}>{cell(column, row, labelsById.get(row.id) ?? [], t, editorHref)}</TableCell>
              ))}
            </TableRow>
          ))}
          {!loading && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>{t('table.empty')}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
      />
    </>
  );
});
