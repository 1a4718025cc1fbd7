import {
  Badge,
  Button,
  Card,
  Field,
  Input,
  Label,
  makeStyles,
  SearchBox,
  Tag,
  TagGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { PeopleSearchRegular } from '@fluentui/react-icons';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import { SkillPicker } from '@/components/SkillPicker';
import { useWorkspace } from '@/features/workspaces';
import { formatDate } from '@/lib/format';
import { recruitApi, recruitKeys, type PoolSearch, type TalentPoolEntry } from '../api';
import { LoadingOrError } from '../components/PageStates';
import { stageLabel } from '../recruit-view';
import { bareList, columnList, column, wrappingRow } from '@/lib/styles';
import { useSettled } from '@/lib/use-settled';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { margin: 0 },
  filters: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    alignItems: 'start',
  },
  chosen: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  card: { minWidth: 0, gap: tokens.spacingVerticalXS },
  cardHead: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  applications: {
    ...bareList,
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
  },
  more: { alignSelf: 'center' },
});

function PoolCard({ entry, base }: { entry: TalentPoolEntry; base: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const person = entry.candidate;
  const latest = entry.applications[0];
  return (
    <Card className={styles.card} data-testid="recruit-pool-entry">
      <div className={styles.cardHead}>
        {latest ? (
          <RouterLink to={`${base}/candidates/${latest.job_candidate_id}`} className={styles.name}>
            {person.name}
          </RouterLink>
        ) : (
          <Text className={styles.name}>{person.name}</Text>
        )}
        {person.tags.map((tag) => (
          <Badge key={tag} appearance="outline" size="small">
            {tag}
          </Badge>
        ))}
      </div>
      <Text size={200} className={styles.muted}>
        {[person.email, person.phone].filter(Boolean).join(' · ')}
        {' · '}
        {t('recruit:pool.last_applied', { date: formatDate(entry.last_applied_at) })}
      </Text>
      {person.skills.length > 0 && (
        <div
          className={styles.badges}
          aria-label={t('recruit:pool.skills_of', { name: person.name })}
        >
          {person.skills.map((skill) => (
            <Badge key={skill.skill_id} appearance="tint" size="small" title={skill.evidence.text}>
              {skill.name}
            </Badge>
          ))}
        </div>
      )}
      <ul
        className={styles.applications}
        aria-label={t('recruit:pool.history_of', { name: person.name })}
      >
        {entry.applications.map((application) => (
          <li key={application.job_candidate_id}>
            <RouterLink to={`${base}/candidates/${application.job_candidate_id}`}>
              {application.job_title}
            </RouterLink>
            <Text size={200} className={styles.muted}>
              {' '}
              · {stageLabel(t, application.stage)} · {formatDate(application.created_at)}
            </Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Everyone who ever applied to the workspace's jobs, searchable by words, skill and tag. */
export default function TalentPoolPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const skillLabel = useId();
  const [words, setWords] = useState('');
  const [tagText, setTagText] = useState('');
  const [skill, setSkill] = useState<{ id: number; name: string } | null>(null);
  const q = useSettled(words);
  const tag = useSettled(tagText);
  const search: PoolSearch = { q, tag, skill_id: skill?.id };
  const pool = useInfiniteQuery({
    queryKey: recruitKeys.pool(workspace.id, search),
    queryFn: ({ pageParam }) => recruitApi.pool(workspace.id, search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return last.data.length > 0 && loaded < last.meta.total ? pages.length + 1 : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const entries = pool.data?.pages.flatMap((page) => page.data) ?? [];
  const total = pool.data?.pages[0]?.meta.total ?? 0;
  const base = `/workspaces/${workspace.id}/talent-pool`;
  const filtered = Boolean(q || tag || skill);

  let body;
  if (!pool.isSuccess) body = <LoadingOrError query={pool} label={t('recruit:pool.loading')} />;
  else if (entries.length === 0)
    body = (
      <EmptyState
        icon={<PeopleSearchRegular />}
        title={filtered ? t('recruit:pool.no_match') : t('recruit:pool.empty')}
        description={filtered ? t('recruit:pool.no_match_hint') : t('recruit:pool.empty_hint')}
      />
    );
  else
    body = (
      <>
        <Text role="status" size={200} className={styles.muted}>
          {t('recruit:pool.count', { count: total })}
        </Text>
        <ul className={styles.list} aria-label={t('recruit:pool.results')}>
          {entries.map((entry) => (
            <li key={entry.candidate.id}>
              <PoolCard entry={entry} base={base} />
            </li>
          ))}
        </ul>
        {pool.hasNextPage && (
          <Button
            className={styles.more}
            disabled={pool.isFetchingNextPage}
            onClick={() => void pool.fetchNextPage()}
          >
            {t('recruit:pool.more')}
          </Button>
        )}
      </>
    );

  return (
    <div className={styles.root}>
      <Text as="h2" size={500} weight="semibold" className={styles.head}>
        {t('recruit:pool.title')}
      </Text>
      <div className={styles.filters} role="search">
        <Field label={t('recruit:pool.search')}>
          <SearchBox
            value={words}
            placeholder={t('recruit:pool.search_placeholder')}
            onChange={(_e, d) => setWords(d.value)}
          />
        </Field>
        <div>
          <Label id={skillLabel}>{t('recruit:pool.skill')}</Label>
          {skill ? (
            <TagGroup
              className={styles.chosen}
              aria-labelledby={skillLabel}
              onDismiss={() => setSkill(null)}
            >
              <Tag
                dismissible
                value={String(skill.id)}
                dismissIcon={{ 'aria-label': t('recruit:pool.clear_skill', { name: skill.name }) }}
              >
                {skill.name}
              </Tag>
            </TagGroup>
          ) : (
            <SkillPicker
              aria-labelledby={skillLabel}
              selectedIds={[]}
              workspaceId={workspace.id}
              placeholder={t('recruit:pool.skill_placeholder')}
              onAdd={(picked) => 'id' in picked && setSkill(picked)}
            />
          )}
        </div>
        <Field label={t('recruit:pool.tag')}>
          <Input value={tagText} onChange={(_e, d) => setTagText(d.value)} />
        </Field>
      </div>
      {body}
    </div>
  );
}
