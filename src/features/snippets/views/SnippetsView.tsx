// /snippets: the office's reusable replies. All snippets load at once (an office keeps a few dozen,
// one per name and language; the reply composer needs them all too), filtered here by text and
// language. Communicators and members edit; managers read (the database refuses their writes).
import { useMemo, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SNIPPET_LANGUAGES, type SnippetValues } from '@/domain/snippets';
import { useSessionUser } from '@/features/shell';
import { SnippetForm } from '../components/SnippetForm';
import type { SnippetFragment } from '../graphql/fragments.generated';
import { useSnippets } from '../hooks/useSnippets';

const EDITORS = ['admin', 'communicator', 'member'];
const EMPTY: SnippetValues = { name: '', language: 'en', category: '', body: '' };

export function SnippetsView() {
  const { t } = useTranslation('snippets');
  const { user } = useSessionUser();
  const canEdit = EDITORS.includes(user?.role ?? '');
  const { snippets, loading, error, save, onDelete } = useSnippets();
  const [search, setSearch] = useState('');
  const [language, setLanguage] = useState('');
  const [editing, setEditing] = useState<SnippetFragment | 'new' | null>(null);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return snippets.filter((s) => (!language || s.language === language) && (!q || `${s.name} ${s.category ?? ''} ${s.body}`.toLowerCase().includes(q)));
  }, [snippets, search, language]);

  const initial: SnippetValues = editing && editing !== 'new' ? { name: editing.name, language: editing.language as SnippetValues['language'], category: editing.category ?? '', body: editing.body } : EMPTY;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        {canEdit ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('new')}
          </Button>
        ) : null}
      </Stack>
      {!canEdit ? <Alert severity="info">{t('readOnly')}</Alert> : null}
      <Stack direction="row" spacing={1}>
        <TextField size="small" label={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ flex: 1 }} />
        <TextField select size="small" label={t('fields.language')} value={language} onChange={(e) => setLanguage(e.target.value)} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('allLanguages')}</MenuItem>
          {SNIPPET_LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {t(`languages.${l}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error ? <Alert severity="error">{t('loadFailed')}</Alert> : null}
      {!loading && shown.length === 0 ? <Typography color="text.secondary">{t('empty')}</Typography> : null}
      {shown.length ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.name')}</TableCell>
                <TableCell>{t('fields.language')}</TableCell>
                <TableCell>{t('fields.category')}</TableCell>
                <TableCell>{t('fields.body')}</TableCell>
                {canEdit ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{s.name}</TableCell>
                  <TableCell>{t(`languages.${s.language}`, { defaultValue: s.language })}</TableCell>
                  <TableCell>{s.category}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 520 }}>{s.body}</TableCell>
                  {canEdit ? (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" onClick={() => setEditing(s)}>
                        {t('edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => {
                          if (window.confirm(t('confirmDelete', { name: s.name, language: s.language }))) void onDelete(s.id);
                        }}
                      >
                        {t('delete')}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="md">
        <DialogTitle>{editing === 'new' ? t('new') : t('edit')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ pt: 1 }}>
            <SnippetForm
              key={editing === 'new' ? 'new' : (editing?.id ?? '')}
              initial={initial}
              onCancel={() => setEditing(null)}
              onSave={async (values) => {
                const result = await save(editing && editing !== 'new' ? editing.id : null, values);
                if (result === null) setEditing(null);
                return result;
              }}
            />
          </Stack>
        </DialogContent>
      </Dialog>
    </Stack>
  );
}
