// A list of rows (units, rates, tax ranges, fees, ...) with edit and delete buttons, and one form
// below for the row being edited or a new one: the shape of every "rows of a record" editor tab.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface ItemColumn<T> {
  header: string;
  render: (item: T) => ReactNode;
}

export interface ItemListEditorProps<T extends { id: string }> {
  title: string;
  emptyText: string;
  newLabel: string;
  items: T[];
  columns: ItemColumn<T>[];
  readOnly?: boolean;
  itemName: (item: T) => string;
  /** The form for `item`, or for a new row when null; call `done` after a successful save. */
  renderForm: (item: T | null, done: () => void) => ReactNode;
  /** Absent when the role may not delete these rows (the database would refuse). */
  onDelete?: (item: T) => Promise<void>;
}

export function ItemListEditor<T extends { id: string }>({ title, emptyText, newLabel, items, columns, readOnly, itemName, renderForm, onDelete }: ItemListEditorProps<T>) {
  const { t } = useTranslation('common');
  // undefined: no form open; null: a new row; string: editing that row.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const current = typeof editing === 'string' ? (items.find((item) => item.id === editing) ?? null) : null;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.header}>{column.header}</TableCell>
              ))}
              {readOnly ? null : <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} selected={item.id === editing}>
                {columns.map((column) => (
                  <TableCell key={column.header}>{column.render(item)}</TableCell>
                ))}
                {readOnly ? null : (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(item.id)} aria-label={t('actions.editItem', { name: itemName(item) })}>
                      {t('actions.edit')}
                    </Button>
                    {onDelete ? (
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('actions.deleteItem', { name: itemName(item) })}
                        onClick={() => {
                          if (window.confirm(t('list.confirmDelete', { name: itemName(item) }))) {
                            if (editing === item.id) setEditing(undefined);
                            void onDelete(item);
                          }
                        }}
                      >
                        {t('actions.delete')}
                      </Button>
                    ) : null}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {readOnly ? null : editing === undefined ? (
        <div>
          <Button variant="outlined" onClick={() => setEditing(null)}>
            {newLabel}
          </Button>
        </div>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            {renderForm(current, () => setEditing(undefined))}
            <div>
              <Button onClick={() => setEditing(undefined)}>{t('actions.cancel')}</Button>
            </div>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
