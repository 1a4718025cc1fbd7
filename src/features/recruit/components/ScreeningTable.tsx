import {
  Badge,
  Button,
  makeStyles,
  ProgressBar,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  CheckmarkCircleRegular,
  ChevronDownRegular,
  ChevronRightRegular,
  DismissCircleRegular,
  PeopleRegular,
  WarningRegular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import { recruitApi, recruitKeys, type Job, type ScreeningRow } from '../api';
import { skillsForReview, stageLabel } from '../recruit-view';
import { LoadingOrError } from './PageStates';
import { visuallyHidden, column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  tools: { ...wrappingRow, gap: tokens.spacingHorizontalM },
  hint: { color: tokens.colorNeutralForeground3, flexGrow: 1, minWidth: '200px' },
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '320px' },
  rank: { width: '40px' },
  srOnly: visuallyHidden,
  score: { width: '120px' },
  expand: { width: '44px' },
  name: { ...column, minWidth: 0 },
  nameLink: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  evidence: {
    listStyle: 'none',
    margin: 0,
    padding: `${tokens.spacingVerticalS} 0`,
    ...column,
    gap: tokens.spacingVerticalS,
  },
  skill: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  skillBody: { ...column, minWidth: 0, gap: '2px' },
  skillHead: { ...wrappingRow, gap: tokens.spacingHorizontalXS },
  quote: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  met: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, fontSize: '20px' },
  unmet: { color: tokens.colorNeutralForeground3, flexShrink: 0, fontSize: '20px' },
  missing: { color: tokens.colorPaletteRedForeground1, flexShrink: 0, fontSize: '20px' },
});

/** Each job skill as this candidate meets it, missing required ones first, with the evidence. */
function Evidence({ row }: { row: ScreeningRow }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ul
      className={styles.evidence}
      aria-label={t('recruit:screening.evidence_of', { name: row.candidate.name })}
    >
      {skillsForReview(row).map((skill) => {
        const icon = skill.matched ? (
          <CheckmarkCircleRegular className={styles.met} aria-hidden />
        ) : skill.required ? (
          <WarningRegular className={styles.missing} aria-hidden />
        ) : (
          <DismissCircleRegular className={styles.unmet} aria-hidden />
        );
        return (
          <li key={skill.skill_id} className={styles.skill} data-matched={skill.matched}>
            {icon}
            <div className={styles.skillBody}>
              <div className={styles.skillHead}>
                <Text weight="semibold">{skill.name}</Text>
                <Text size={200} className={styles.muted}>
                  {t('recruit:screening.weight', { weight: skill.weight })}
                </Text>
                {skill.required && (
                  <Badge
                    size="small"
                    appearance="outline"
                    color={skill.matched ? 'informative' : 'danger'}
                  >
                    {t('recruit:screening.required')}
                  </Badge>
                )}
                <Text size={200} className={styles.muted}>
                  {skill.matched
                    ? t('recruit:screening.matched')
                    : t('recruit:screening.not_found')}
                </Text>
              </div>
              {skill.evidence && (
                <blockquote className={styles.quote}>
                  <Text size={200}>
                    {t(`recruit:screening.source.${skill.evidence.source}`)}: “{skill.evidence.text}
                    ”
                  </Text>
                </blockquote>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The job's candidates ranked by the weighted skill match: those lacking a required skill are
 * flagged with what they lack, and each row opens onto the evidence for every skill.
 */
export function ScreeningTable({ job, workspaceId }: { job: Job; workspaceId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [withRejected, setWithRejected] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const rows = useQuery({
    queryKey: recruitKeys.screening(job.id, withRejected),
    queryFn: () => recruitApi.screening(job.id, withRejected),
  });
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let body;
  if (!rows.isSuccess)
    body = <LoadingOrError query={rows} rows={4} label={t('recruit:screening.loading')} />;
  else if (job.skills.length === 0 && rows.data.length > 0)
    body = (
      <EmptyState
        headingLevel={3}
        icon={<WarningRegular />}
        title={t('recruit:screening.no_skills')}
        description={t('recruit:screening.no_skills_hint')}
      />
    );
  else if (rows.data.length === 0)
    body = (
      <EmptyState
        headingLevel={3}
        icon={<PeopleRegular />}
        title={t('recruit:screening.empty')}
        description={t('recruit:screening.empty_hint')}
      />
    );
  else
    body = (
      <div className={styles.scroll}>
        <Table className={styles.table} aria-label={t('recruit:screening.table')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.rank}>
                {t('recruit:screening.rank')}
              </TableHeaderCell>
              <TableHeaderCell>{t('recruit:screening.candidate')}</TableHeaderCell>
              <TableHeaderCell className={styles.score}>
                {t('recruit:screening.score')}
              </TableHeaderCell>
              <TableHeaderCell>{t('recruit:screening.missing')}</TableHeaderCell>
              <TableHeaderCell className={styles.expand}>
                <span className={styles.srOnly}>{t('recruit:screening.evidence')}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.data.map((row, index) => {
              const expanded = open.has(row.job_candidate_id);
              return (
                <Fragment key={row.job_candidate_id}>
                  <TableRow data-testid="recruit-screening-row">
                    <TableCell className={styles.rank}>{index + 1}</TableCell>
                    <TableCell>
                      <div className={styles.name}>
                        <RouterLink
                          to={`/workspaces/${workspaceId}/talent-pool/candidates/${row.job_candidate_id}`}
                          className={styles.nameLink}
                        >
                          {row.candidate.name}
                        </RouterLink>
                        <Text size={200} className={styles.muted}>
                          {stageLabel(t, row.stage, job.stages)}
                          {row.knocked_out && ` · ${t('recruit:screening.knocked_out')}`}
                        </Text>
                      </div>
                    </TableCell>
                    <TableCell className={styles.score}>
                      <div className={styles.name}>
                        <Text weight="semibold">{row.score}</Text>
                        <ProgressBar
                          value={row.score / 100}
                          color={row.missing_required.length > 0 ? 'warning' : 'brand'}
                          aria-label={t('recruit:screening.score_of', {
                            name: row.candidate.name,
                            score: row.score,
                          })}
                        />
                      </div>
                    </TableCell>
                    <TableCell>
                      <div className={styles.badges}>
                        {row.missing_required.length === 0 ? (
                          <Text size={200} className={styles.muted}>
                            {t('recruit:screening.has_required')}
                          </Text>
                        ) : (
                          row.missing_required.map((skill) => (
                            <Badge
                              key={skill.skill_id}
                              appearance="tint"
                              color="danger"
                              icon={<WarningRegular />}
                            >
                              {skill.name}
                            </Badge>
                          ))
                        )}
                      </div>
                    </TableCell>
                    <TableCell className={styles.expand}>
                      <Button
                        appearance="subtle"
                        icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                        aria-expanded={expanded}
                        aria-label={t('recruit:screening.show_evidence', {
                          name: row.candidate.name,
                        })}
                        onClick={() => toggle(row.job_candidate_id)}
                      />
                    </TableCell>
                  </TableRow>
                  {expanded && (
                    <TableRow>
                      <TableCell colSpan={5}>
                        <Evidence row={row} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </div>
    );

  return (
    <div className={styles.root}>
      <div className={styles.tools}>
        <Text size={200} className={styles.hint}>
          {t('recruit:screening.hint')}
        </Text>
        <Switch
          checked={withRejected}
          onChange={(_event, data) => setWithRejected(data.checked)}
          label={t('recruit:screening.include_rejected')}
        />
      </div>
      {body}
    </div>
  );
}
