import {
  Button,
  Card,
  CardHeader,
  Input,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { teamFormationEndpoints } from '@contracts/endpoints/team-formation';
import { formationKeys } from '../api';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { formatDate } from '@/lib/format';
import { api, apiErrorOf } from '@/lib/http';
import { column, tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    maxWidth: '960px',
    margin: '0 auto',
  },
  grid: {
    ...tileGrid('280px'),
    gap: tokens.spacingHorizontalM,
  },
  card: { gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground2 },
  search: { maxWidth: '360px' },
});

const publicApi = {
  list: async (search: string) =>
    (
      await api.call(teamFormationEndpoints.publicWorkspaces, {
        query: { per_page: 50, search },
      })
    ).workspaces.data,
  transfer: (workspaceId: number) =>
    api.call(teamFormationEndpoints.transferFromPublic, { body: { workspace_id: workspaceId } }),
};

/** /team-generator: public workspaces (spec 7.8) anyone signed in may browse and copy. */
export default function PublicWorkspacesPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const list = useQuery({
    queryKey: formationKeys.publicWorkspaces(search.trim()),
    queryFn: () => publicApi.list(search.trim()),
    placeholderData: keepPreviousData,
  });
  const transfer = useMutation({
    mutationFn: publicApi.transfer,
    onSuccess: (copy) => navigate(`/workspaces/${copy.workspace.id}/teams`),
  });
  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold">
        {t('team-formation:public.title')}
      </Text>
      <Text>{t('team-formation:public.intro')}</Text>
      <Input
        className={styles.search}
        contentBefore={<SearchRegular />}
        aria-label={t('team-formation:public.search')}
        placeholder={t('team-formation:public.search')}
        value={search}
        onChange={(_e, d) => setSearch(d.value)}
      />
      <FormAlert
        error={
          list.error ? apiErrorOf(list.error) : transfer.error ? apiErrorOf(transfer.error) : null
        }
      />
      {!list.data ? (
        <Spinner label={t('app:loading')} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('team-formation:public.empty')} />
      ) : (
        <div className={styles.grid}>
          {list.data.map((workspace) => (
            <Card key={workspace.id} className={styles.card} aria-label={workspace.name}>
              <CardHeader
                header={<Text weight="semibold">{workspace.name}</Text>}
                description={t('team-formation:public.counts', {
                  members: workspace.members_count,
                  teams: workspace.teams_count,
                })}
              />
              {workspace.summary && <Text>{workspace.summary}</Text>}
              <Text size={200} className={styles.muted}>
                {t('team-formation:public.published', {
                  name: workspace.published_by?.name ?? '—',
                  date: formatDate(workspace.published_at),
                })}
              </Text>
              <Button disabled={transfer.isPending} onClick={() => transfer.mutate(workspace.id)}>
                {t('team-formation:public.copy')}
              </Button>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
