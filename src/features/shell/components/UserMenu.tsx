// The signed-in user's menu in the top bar: who they are, their role, account and sign-out.
import { useState } from 'react';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SessionUser } from '../useSessionUser';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '').join('') || '?';
}

export function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton aria-label={t('userMenu.open')} onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.5 }}>
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.dark', fontSize: 14 }}>{initialsOf(user.displayName)}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <ListItemText sx={{ px: 2, py: 1 }} primary={user.displayName} secondary={user.role ? t(`roles.${user.role}`) : t('roles.none')} />
        <Divider />
        <MenuItem component={NextLink} href="/account" onClick={close}>
          {t('nav.account')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          {t('actions.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
