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
  PersonRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLocation, useNavigate } from 'react-router';
import {
  ALL_WORKSPACES_VALUE,
  WORKSPACES_CATEGORY,
  WorkspaceMenu,
  workspaceNavValue,
} from '@/features/workspaces';
import { wantsPageTransition } from '@/lib/navigation';
import { usePrefetch } from '@/lib/use-prefetch';

interface Destination {
  value: string;
  to: string;
  label: string;
  icon: ReactElement;
}

function NavLink({ destination }: { destination: Destination }) {
  const navigate = useNavigate();
  const href = useHref(destination.to);
  const prefetch = usePrefetch(destination.to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(destination.to, { viewTransition: wantsPageTransition() });
  };
  return (
    <NavItem
      as="a"
      href={href}
      value={destination.value}
      icon={destination.icon}
      onClick={onClick}
      {...prefetch}
    >
      {destination.label}
    </NavItem>
  );
}

/** Which entry of the menu the path is in: a workspace, the list of them, or a section. */
function selectionOf(pathname: string): { value: string; category?: string } {
  const [, section = '', id] = pathname.split('/');
  if (section !== 'workspaces') return { value: section };
  if (id && /^\d+$/.test(id))
    return { value: workspaceNavValue(id), category: WORKSPACES_CATEGORY };
  return { value: ALL_WORKSPACES_VALUE, category: WORKSPACES_CATEGORY };
}

/**
 * The one menu of the panel layout: inline beside the content (the header's menu button folds
 * it away), or an overlay opened from that button on phones. The workspaces are a category of
 * it, so the workspace area needs no second column.
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
  const before: Destination[] = [
    {
      value: 'dashboard',
      to: '/dashboard',
      label: t('app:titles.dashboard'),
      icon: <BoardRegular />,
    },
  ];
  const after: Destination[] = [
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
  const selection = selectionOf(pathname);

  return (
    <NavDrawer
      open={open}
      type={type}
      selectedValue={selection.value}
      selectedCategoryValue={selection.category}
      defaultOpenCategories={[WORKSPACES_CATEGORY]}
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
        {before.map((destination) => (
          <NavLink key={destination.value} destination={destination} />
        ))}
        <WorkspaceMenu />
        {after.map((destination) => (
          <NavLink key={destination.value} destination={destination} />
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}
