// The phone's menu button. On a phone the navigation (with the inbox's unread badge) is drawn only
// while the menu is open, so the button carries the unread count itself: new guest messages show
// without opening the menu, and a screen reader hears the count in the button's name.
import { useTranslation } from 'next-i18next/pages';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { MenuIcon } from '@/components/icons';

export interface NavMenuButtonProps {
  /** The role's unread conversations (0 for a role without the inbox). */
  unread: number;
  onOpen: () => void;
}

export function NavMenuButton({ unread, onOpen }: NavMenuButtonProps) {
  const { t } = useTranslation('common');
  return (
    <IconButton color="inherit" edge="start" aria-label={unread > 0 ? t('nav.openWithUnread', { count: unread }) : t('nav.open')} onClick={onOpen} sx={{ display: { md: 'none' } }}>
      {/* The label above says it; the badge's number is for the eye. */}
      <Badge color="error" badgeContent={unread} max={99} overlap="circular" data-testid="menu-unread" aria-hidden>
        <MenuIcon />
      </Badge>
    </IconButton>
  );
}
