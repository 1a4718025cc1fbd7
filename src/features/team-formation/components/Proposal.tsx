import {
  Avatar,
  Card,
  makeStyles,
  mergeClasses,
  Text,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FACTORS } from '@contracts/profile';
import type {
  FormationMetrics,
  FormationProposal,
  FormationRun,
  TeamMetrics,
} from '@contracts/team-formation';
import type { Person } from '@contracts/people';
import { PlainTable } from '@/components/PlainTable';
import { column, tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  grid: {
    ...tileGrid('240px'),
    gap: tokens.spacingHorizontalM,
  },
  card: { gap: tokens.spacingVerticalS },
  members: { ...column, gap: tokens.spacingVerticalXXS },
  member: { justifyContent: 'flex-start', width: '100%' },
  facts: {
    ...column,
    gap: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground2,
  },
  changed: { fontWeight: tokens.fontWeightSemibold },
  bars: { display: 'flex', gap: '4px', alignItems: 'flex-end', height: '32px' },
  bar: {
    width: '14px',
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
  },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

const percent = (value: number) => `${Math.round(value * 100)}%`;
const decimal = (value: number) => value.toFixed(3);
/** A measure withheld because someone keeps the part it is read from private. */
const shown = <T,>(value: T | null, format: (value: T) => string) =>
  value === null ? null : format(value);

type NoData = FormationRun['no_data'];

/**
 * Every metric of the split, each on its own line (never only a blend), before and after edits.
 * A measure nobody gave data for reads "—" and says why (issue 28), never a perfect score.
 */
export function MetricsTable({
  metrics,
  before,
  noData,
}: {
  metrics: FormationMetrics;
  before?: FormationMetrics;
  noData: NoData;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const unmeasured = {
    personality: t('team-formation:metrics.no_personality'),
    skills: t('team-formation:metrics.no_skills_asked'),
    availability: t('team-formation:metrics.no_free_hours'),
  };
  /** Null is "nobody gave data" when so, else "kept private". */
  const measure =
    <T,>(part: keyof NoData, format: (value: T) => string) =>
    (value: T | null) =>
      noData[part] ? unmeasured[part] : shown(value, format);
  const rows: { key: string; value: (m: FormationMetrics) => string | null }[] = [
    { key: 'rho', value: (m) => measure('personality', decimal)(m.rho) },
    { key: 'rho2', value: (m) => measure('personality', decimal)(m.rho2) },
    { key: 'dmax', value: (m) => measure('personality', (v: number) => v.toFixed(2))(m.dmax) },
    {
      key: 'skills_mean',
      value: (m) =>
        noData.skills
          ? unmeasured.skills
          : m.skills_mean === null || m.skills_upper_bound === null
            ? null
            : `${percent(m.skills_mean)} / ${percent(m.skills_upper_bound)}`,
    },
    { key: 'skills_min', value: (m) => measure('skills', percent)(m.skills_min) },
    {
      key: 'availability_mean',
      value: (m) => measure('availability', percent)(m.availability_mean),
    },
    {
      key: 'availability_min',
      value: (m) => measure('availability', percent)(m.availability_min),
    },
    { key: 'violations', value: (m) => String(m.violations.total) },
    {
      key: 'objective',
      value: (m) =>
        noData.personality && noData.skills && noData.availability
          ? t('team-formation:metrics.no_data_at_all')
          : shown(m.objective, decimal),
    },
  ];
  const hidden = t('team-formation:metrics.hidden');
  return (
    <PlainTable
      size="small"
      label={t('team-formation:metrics.title')}
      items={rows.map((row) => ({
        key: row.key,
        now: row.value(metrics) ?? hidden,
        then: before ? (row.value(before) ?? hidden) : null,
      }))}
      rowKey={(row) => row.key}
      rowProps={(row) => ({ 'data-metric': row.key })}
      columns={[
        {
          id: 'measure',
          label: t('team-formation:metrics.measure'),
          render: (row) => t(`team-formation:metrics.${row.key}`),
        },
        ...(before
          ? [
              {
                id: 'proposed',
                label: t('team-formation:metrics.proposed'),
                render: (row: { then: string | null }) => row.then,
              },
            ]
          : []),
        {
          id: 'value',
          label: before ? t('team-formation:metrics.edited') : t('team-formation:metrics.value'),
          cellClassName: (row) =>
            mergeClasses(row.then !== null && row.then !== row.now && styles.changed),
          render: (row) => row.now,
        },
        {
          id: 'meaning',
          label: t('team-formation:metrics.meaning'),
          render: (row) => t(`team-formation:metrics.${row.key}_hint`),
        },
      ]}
    />
  );
}

/** A team's personality mix: one bar per factor, in standard deviations from the run. */
function PersonalityBars({ meanZ }: { meanZ: NonNullable<TeamMetrics['mean_z']> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div
      className={styles.bars}
      role="img"
      aria-label={t('team-formation:team.mix', {
        values: FACTORS.map((f) => `${t(`personality:factors.${f}`)} ${meanZ[f].toFixed(2)}`).join(
          ', ',
        ),
      })}
    >
      {FACTORS.map((f) => (
        <div
          key={f}
          className={styles.bar}
          title={`${t(`personality:factors.${f}`)}: ${meanZ[f].toFixed(2)}`}
          style={{
            height: `${Math.min(100, 20 + Math.abs(meanZ[f]) * 80)}%`,
            opacity: meanZ[f] >= 0 ? 1 : 0.5,
          }}
        />
      ))}
    </div>
  );
}

/**
 * The proposed teams. Pick a person, then a person in another team, to swap them; the
 * metrics are scored again on the server.
 */
export function ProposedTeams({
  split,
  people,
  teamMetrics,
  selected,
  onPick,
  noData,
  personalityHidden,
}: {
  split: number[][];
  people: ReadonlyMap<number, Person>;
  teamMetrics: TeamMetrics[];
  selected: number | null;
  onPick: (personId: number) => void;
  noData: NoData;
  /** Someone in the run keeps their self-assessment private: a missing mix is hidden. */
  personalityHidden: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      {split.map((members, index) => {
        const metrics = teamMetrics[index];
        const name = t('team-formation:team_name', { number: index + 1 });
        return (
          <Card key={index} className={styles.card} role="group" aria-label={name}>
            <Text weight="semibold">{name}</Text>
            <div className={styles.members}>
              {members.map((id) => {
                const person = people.get(id);
                return (
                  <ToggleButton
                    key={id}
                    appearance="subtle"
                    className={styles.member}
                    checked={selected === id}
                    aria-label={person?.name ?? String(id)}
                    icon={
                      <Avatar
                        size={20}
                        name={person?.name}
                        image={person?.avatar_url ? { src: person.avatar_url } : undefined}
                      />
                    }
                    onClick={() => onPick(id)}
                  >
                    {person?.name ?? id}
                  </ToggleButton>
                );
              })}
            </div>
            {metrics && (
              <div className={styles.facts}>
                {metrics.mean_z === null ? (
                  <Text size={200}>
                    {noData.personality || !personalityHidden
                      ? t('team-formation:team.mix_unmeasured')
                      : t('team-formation:team.mix_hidden')}
                  </Text>
                ) : (
                  <PersonalityBars meanZ={metrics.mean_z} />
                )}
                <Text size={200}>
                  {noData.skills
                    ? t('team-formation:team.skills_none_asked')
                    : metrics.skills_coverage === null
                      ? t('team-formation:team.skills_hidden')
                      : t('team-formation:team.skills', {
                          value: percent(metrics.skills_coverage),
                        })}
                </Text>
                {metrics.missing_skills && metrics.missing_skills.length > 0 && (
                  <Text size={200} className={styles.problem}>
                    {t('team-formation:team.missing', {
                      skills: metrics.missing_skills.join(', '),
                    })}
                  </Text>
                )}
                <Text size={200}>
                  {noData.availability
                    ? t('team-formation:team.hours_none_set')
                    : metrics.common_slots === null
                      ? t('team-formation:team.hours_hidden')
                      : t('team-formation:team.hours', { count: metrics.common_slots })}
                </Text>
              </div>
            )}
          </Card>
        );
      })}
    </div>
  );
}

/**
 * The proposals along the front side by side (issue 35): balance, skills and shared hours of
 * each, so the owner sees what each buys with balance and picks one before confirming.
 */
export function ProposalChooser({
  proposals,
  chosen,
  noData,
  disabled,
  onChoose,
}: {
  proposals: FormationProposal[];
  chosen: FormationProposal['kind'];
  noData: NoData;
  disabled: boolean;
  onChoose: (proposal: FormationProposal) => void;
}) {
  const { t } = useTranslation();
  const hidden = t('team-formation:metrics.hidden');
  const cell = (part: keyof NoData, value: number | null, format: (value: number) => string) =>
    noData[part] ? '—' : (shown(value, format) ?? hidden);
  return (
    <PlainTable
      size="small"
      label={t('team-formation:proposals.title')}
      items={proposals}
      rowKey={(proposal) => proposal.kind}
      rowProps={(proposal) => ({ 'data-proposal': proposal.kind })}
      columns={[
        {
          id: 'proposal',
          label: t('team-formation:proposals.proposal'),
          render: (proposal) => (
            <Text weight={proposal.kind === chosen ? 'semibold' : 'regular'}>
              {t(`team-formation:proposals.kinds.${proposal.kind}`)}
              {proposal.recommended ? ` (${t('team-formation:proposals.recommended')})` : ''}
            </Text>
          ),
        },
        {
          id: 'rho',
          label: t('team-formation:metrics.rho'),
          render: (proposal) => cell('personality', proposal.metrics.rho, decimal),
        },
        {
          id: 'skills',
          label: t('team-formation:metrics.skills_mean'),
          render: (proposal) => cell('skills', proposal.metrics.skills_mean, percent),
        },
        {
          id: 'availability',
          label: t('team-formation:metrics.availability_mean'),
          render: (proposal) => cell('availability', proposal.metrics.availability_mean, percent),
        },
        {
          id: 'violations',
          label: t('team-formation:metrics.violations'),
          render: (proposal) => proposal.metrics.violations.total,
        },
        {
          id: 'choose',
          render: (proposal) => (
            <ToggleButton
              size="small"
              checked={proposal.kind === chosen}
              disabled={disabled}
              onClick={() => onChoose(proposal)}
            >
              {proposal.kind === chosen
                ? t('team-formation:proposals.chosen')
                : t('team-formation:proposals.choose')}
            </ToggleButton>
          ),
        },
      ]}
    />
  );
}
