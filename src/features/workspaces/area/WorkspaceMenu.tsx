import { makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { GridRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@contracts/workspaces';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { workspaceKeys, workspacesApi } from '../api';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    width: '220px',
  },
  heading: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected },
  dot: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  previous: { color: tokens.colorNeutralForeground3 },
});

/**
 * The workspace menu (spec 2.7 drawer, 7.14 workspaces/menu): the caller's open and previous
 * workspaces. Spec 4: the active one is the workspace open on screen, else the last active,
 * else the first entry, else '-'.
 */
export function WorkspaceMenu({
  currentId,
  onNavigate,
}: {
  currentId?: number;
  onNavigate?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const menu = useQuery({ queryKey: workspaceKeys.menu(), queryFn: workspacesApi.menu });
  if (menu.isPending) return <Spinner size="tiny" />;
  const items: MenuItem[] = menu.data?.workspaces ?? [];
  const activeId = currentId ?? menu.data?.active_workspace_id ?? null;
  const active = items.find((item) => item.id === activeId);
  return (
    <nav className={styles.root} aria-label={t('workspaces:menu.label')}>
      <div className={styles.heading}>
        <Text size={200}>{t('workspaces:menu.active')}</Text>
        <Text weight="semibold" data-testid="active-workspace">
          {active?.name ?? '-'}
        </Text>
      </div>
      <ul className={styles.list}>
        {items.map((item) => (
          <li
            key={item.id}
            className={mergeClasses(styles.item, item.id === activeId && styles.active)}
          >
            <span
              className={styles.dot}
              style={{ backgroundColor: item.schema.color ?? tokens.colorBrandBackground }}
              aria-hidden
            />
            <RouterLink
              to={`/workspaces/${item.id}`}
              className={item.status === 'closed' ? styles.previous : undefined}
              onClick={onNavigate}
            >
              {item.name}
            </RouterLink>
          </li>
        ))}
      </ul>
      <RouterButton
        appearance="subtle"
        icon={<GridRegular />}
        to="/workspaces"
        onClick={onNavigate}
      >
        {t('workspaces:menu.all')}
      </RouterButton>
    </nav>
  );
}
