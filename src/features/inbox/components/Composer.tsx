// Writing in a conversation: a reply to the guest (e-mailed and shown on their journey page) or an
// internal note, with snippets rendered into the text for editing before sending.
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { REPLY_MAX } from '../types';

export interface ComposerProps {
  snippetNames: readonly string[];
  renderSnippet: (name: string) => { text: string } | { error: string };
  onSend: (direction: 'outgoing' | 'internal', body: string) => Promise<unknown>;
}

export function Composer({ snippetNames, renderSnippet, onSend }: ComposerProps) {
  const { t } = useTranslation('inbox');
  const [mode, setMode] = useState<'outgoing' | 'internal'>('outgoing');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const trimmed = text.trim();
  const error = text.length > REPLY_MAX ? t('composer.tooLong', { count: REPLY_MAX }) : undefined;

  const insert = (name: string) => {
    setMenu(null);
    const result = renderSnippet(name);
    if ('error' in result) {
      toast.error(result.error);
      return;
    }
    setText((current) => (current.trim() ? `${current.trimEnd()}\n\n${result.text}` : result.text));
  };

  const send = async () => {
    if (!trimmed || error) return;
    setBusy(true);
    try {
      const outcome = await onSend(mode, trimmed);
      if (outcome === null) setText('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} component="section" aria-label={t('composer.reply')}>
      <Tabs value={mode} onChange={(_e, value: 'outgoing' | 'internal') => setMode(value)}>
        <Tab value="outgoing" label={t('composer.reply')} />
        <Tab value="internal" label={t('composer.note')} />
      </Tabs>
      <TextField
        multiline
        minRows={3}
        maxRows={14}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t(mode === 'outgoing' ? 'composer.placeholderReply' : 'composer.placeholderNote')}
        slotProps={{ htmlInput: { 'aria-label': t(mode === 'outgoing' ? 'composer.placeholderReply' : 'composer.placeholderNote') } }}
        error={Boolean(error)}
        helperText={error}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={(e) => setMenu(e.currentTarget)} disabled={mode === 'internal'} aria-haspopup="menu">
          {t('composer.snippet')}
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {snippetNames.length === 0 ? <MenuItem disabled>{t('composer.noSnippets')}</MenuItem> : null}
          {snippetNames.map((name) => (
            <MenuItem key={name} onClick={() => insert(name)}>
              {name}
            </MenuItem>
          ))}
        </Menu>
        <Button variant="contained" onClick={() => void send()} disabled={busy || !trimmed || Boolean(error)}>
          {mode === 'outgoing' ? t('composer.send') : t('composer.addNote')}
        </Button>
      </Stack>
    </Stack>
  );
}
