import {
  NavDrawer,
  NavDrawerBody,
  NavDrawerHeader,
  NavItem,
  Hamburger,
  type NavDrawerProps,
} from '@fluentui/react-components';
import {
  AlertRegular,
  BoardRegular,
  CalendarRegular,
  ChatRegular,
  FolderRegular,
  PeopleTeamRegular,
  PersonRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLocation, useNavigate } from 'react-router';

interface Destination {
  value: string;
  to: string;
  label: string;
  icon: ReactElement;
}

function NavLink({ destination }: { destination: Destination }) {
  const navigate = useNavigate();
  const href = useHref(destination.to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(destination.to);
  };
  return (
    <NavItem as="a" href={href} value={destination.value} icon={destination.icon} onClick={onClick}>
      {destination.label}
    </NavItem>
  );
}

/**
 * The app menu of the panel layout: inline beside the content, or an overlay opened from the
 * header's menu button on phones. The workspace menu drawer of the workspaces area mounts here.
 */
export function AppNavigation({
  open,
  type,
  onClose,
}: {
  open: boolean;
  type: NavDrawerProps['type'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const destinations: Destination[] = [
    {
      value: 'dashboard',
      to: '/dashboard',
      label: t('app:titles.dashboard'),
      icon: <BoardRegular />,
    },
    {
      value: 'workspaces',
      to: '/workspaces',
      label: t('app:titles.workspaces'),
      icon: <PeopleTeamRegular />,
    },
    { value: 'messages', to: '/messages', label: t('app:titles.messages'), icon: <ChatRegular /> },
    {
      value: 'notification',
      to: '/notification',
      label: t('app:titles.notifications'),
      icon: <AlertRegular />,
    },
    {
      value: 'calendar',
      to: '/calendar',
      label: t('app:titles.calendar'),
      icon: <CalendarRegular />,
    },
    { value: 'drive', to: '/drive', label: t('app:titles.drive'), icon: <FolderRegular /> },
    { value: 'profile', to: '/profile', label: t('app:titles.profile'), icon: <PersonRegular /> },
    {
      value: 'settings',
      to: '/settings',
      label: t('app:titles.settings'),
      icon: <SettingsRegular />,
    },
  ];
  const section = pathname.split('/')[1] ?? '';

  return (
    <NavDrawer
      open={open}
      type={type}
      selectedValue={section}
      onOpenChange={(_event, data) => {
        if (!data.open) onClose();
      }}
      aria-label={t('app:navigation.label')}
    >
      {type === 'overlay' && (
        <NavDrawerHeader>
          <Hamburger aria-label={t('app:navigation.close')} onClick={onClose} />
        </NavDrawerHeader>
      )}
      <NavDrawerBody>
        {destinations.map((destination) => (
          <NavLink key={destination.value} destination={destination} />
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}
