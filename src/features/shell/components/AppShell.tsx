// The staff frame: top bar (app name, language, user menu) and the role's navigation, as a
// permanent drawer on wide screens and a slide-in one on phones.
import type { ReactNode } from 'react';
import { useState } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ApartmentIcon, EventNoteIcon, HomeIcon, MailIcon, PersonIcon, ShortTextIcon, RegistryIcon, CleaningIcon, TaskIcon, CalendarMonthIcon, SellIcon } from '@/components/icons';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { UnreadThreadsBadge } from '@/features/inbox/components/UnreadBadge';
import { useUnreadThreads } from '@/features/inbox/hooks/useUnreadThreads';
import { NtakCertificateBanner } from '@/features/registry/components/NtakCertificateBanner';
import { areaOfPath, navigationFor, type NavIcon } from '../navigation';
import type { SessionUser } from '../useSessionUser';
import { NavMenuButton } from './NavMenuButton';
import { DRAWER_WIDTH } from './PageSkeleton';
import { UserMenu } from './UserMenu';

const ICONS: Record<NavIcon, typeof HomeIcon> = { home: HomeIcon, accommodations: ApartmentIcon, account: PersonIcon, bookings: EventNoteIcon, registry: RegistryIcon, inbox: MailIcon, snippets: ShortTextIcon, tasks: TaskIcon, cleanings: CleaningIcon, calendar: CalendarMonthIcon, priceRules: SellIcon };

export interface AppShellProps {
  user: SessionUser;
  onSignOut: () => void;
  children: ReactNode;
}

export function AppShell({ user, onSignOut, children }: AppShellProps) {
  const { t } = useTranslation('common');
  const router = useRouter();
  const [mobileOpen, setMobileOpen] = useState(false);
  const areas = navigationFor(user.role);
  const current = areaOfPath(router.pathname);
  // One drawer at a time: the hidden one was rendered too (a second navigation with its badge),
  // work a phone did on every staff page for nothing. The shell renders only in the browser, so
  // the query is read at once; without matchMedia (tests) the wide layout is assumed.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true, defaultMatches: true });
  // Live, for the inbox's badge in the navigation and, on a phone, the menu button (NavMenuButton).
  const unread = useUnreadThreads(areas.some((area) => area.badge === 'unreadThreads'));

  const navigation = (
    <nav aria-label={t('nav.label')}>
      <List>
        {areas.map((area) => {
          const Icon = ICONS[area.icon];
          return (
            // A list item around each link: a <ul> may hold only <li> (screen readers count the items).
            // No prefetch as the links come into view (hover or touch still loads one): Next would
            // fetch every area's page data and module, all of them at each wide load and each time
            // a phone opens the menu (docs/performance.md).
            <ListItem key={area.id} disablePadding>
              <ListItemButton
                component={NextLink}
                href={area.href}
                prefetch={false}
                selected={current?.id === area.id}
                aria-current={current?.id === area.id ? 'page' : undefined}
                onClick={() => setMobileOpen(false)}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(area.labelKey)} />
                {area.badge === 'unreadThreads' ? <UnreadThreadsBadge count={unread} /> : null}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <NavMenuButton unread={unread} onOpen={() => setMobileOpen(true)} />
          <Typography variant="h6" component={NextLink} href="/" prefetch={false} sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}>
            {t('appName')}
          </Typography>
          <Box sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
            <LanguageSwitch />
          </Box>
          <UserMenu user={user} onSignOut={onSignOut} />
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          {navigation}
        </Drawer>
      ) : (
        <Drawer variant="temporary" open={mobileOpen} onClose={() => setMobileOpen(false)} sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
          <Toolbar />
          {navigation}
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <NtakCertificateBanner role={user.role} />
        {children}
      </Box>
    </Box>
  );
}
