import {
  makeStyles,
  mergeClasses,
  NavCategory,
  NavCategoryItem,
  NavSubItem,
  NavSubItemGroup,
  tokens,
} from '@fluentui/react-components';
import { PeopleTeamRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router';
import type { MenuItem } from '@contracts/workspaces';
import { workspacesApi } from '../api';
import { workspaceKeys } from '../keys';

const useStyles = makeStyles({
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  dot: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  previous: { color: tokens.colorNeutralForeground3 },
});

/** The nav value of a workspace's entry, and of the list of all workspaces. */
export const workspaceNavValue = (id: number | string) => `workspace-${id}`;
export const ALL_WORKSPACES_VALUE = 'workspaces';
export const WORKSPACES_CATEGORY = 'workspaces-category';

function SubLink({
  to,
  value,
  title,
  children,
}: {
  to: string;
  value: string;
  title?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <NavSubItem as="a" href={href} value={value} title={title} onClick={onClick}>
      {children}
    </NavSubItem>
  );
}

/**
 * The workspace menu (spec 2.7 drawer, 7.14 workspaces/menu) as a category of the one main
 * menu: all workspaces, then the caller's open and previous ones, each its colour and name.
 * The workspace open on screen is the selected entry (spec 4's "active" workspace).
 */
export function WorkspaceMenu() {
  const styles = useStyles();
  const { t } = useTranslation();
  const menu = useQuery({ queryKey: workspaceKeys.menu(), queryFn: workspacesApi.menu });
  const items: MenuItem[] = menu.data?.workspaces ?? [];
  return (
    <NavCategory value={WORKSPACES_CATEGORY}>
      <NavCategoryItem icon={<PeopleTeamRegular />}>{t('workspaces:menu.label')}</NavCategoryItem>
      <NavSubItemGroup>
        <SubLink to="/workspaces" value={ALL_WORKSPACES_VALUE}>
          {t('workspaces:menu.all')}
        </SubLink>
        {items.map((item) => (
          <SubLink
            key={item.id}
            to={`/workspaces/${item.id}`}
            value={workspaceNavValue(item.id)}
            title={item.name}
          >
            <span className={styles.item}>
              <span
                className={styles.dot}
                style={{ backgroundColor: item.schema.color ?? tokens.colorBrandBackground }}
                aria-hidden
              />
              <span
                className={mergeClasses(styles.name, item.status === 'closed' && styles.previous)}
              >
                {item.name}
              </span>
            </span>
          </SubLink>
        ))}
      </NavSubItemGroup>
    </NavCategory>
  );
}
