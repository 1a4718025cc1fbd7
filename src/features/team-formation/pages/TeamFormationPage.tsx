import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Person } from '@contracts/people';
import { EmptyState } from '@/components/EmptyState';
import { useWorkspaceQuery } from '@/features/workspaces';
import { FormAlert } from '@/components/FormAlert';
import { teamKeys, useTeamMembers } from '@/features/workspace-teams';
import { formatDateTime } from '@/lib/format';
import { apiErrorOf, withApiError, type ApiError } from '@/lib/http';
import type { FormationProposal } from '@contracts/team-formation';
import { formationApi, formationKeys, type FormationScore, type StartFormation } from '../api';
import { OptionsForm } from '../components/OptionsForm';
import { MetricsTable, ProposalChooser, ProposedTeams } from '../components/Proposal';
import { PlainTable } from '@/components/PlainTable';
import { Section } from '@/components/Section';
import { WorkspacePageHeading } from '@/components/WorkspacePageHeading';
import { seatOf, swapSeats } from '../swap';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL },
  actions: { ...wrappingRow, gap: tokens.spacingHorizontalS },
});

/**
 * /workspaces/:workspace/team-formation: the owner sets the rules, the engine proposes teams
 * with their metrics, the owner swaps people by hand if they like, and confirms. The run on
 * screen is in the address (`?run=`): a proposal is kept on the server until confirmed or
 * dropped, reopens from the history, and comes back after leaving the page (issue 28).
 */
export default function TeamFormationPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workspaceId = Number(useParams().workspace);
  const [params, setParams] = useSearchParams();
  const token = params.get('run');
  /** Set when a run is opened by hand: its proposal is scrolled to once it is in. */
  const reveal = useRef(false);
  const [edited, setEdited] = useState<number[][] | null>(null);
  const [score, setScore] = useState<FormationScore | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  /** The proposal along the front the owner picked; null is the recommended one. */
  const [chosen, setChosen] = useState<FormationProposal | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const workspace = useWorkspaceQuery(workspaceId);
  const members = useTeamMembers(workspaceId);
  const history = useQuery({
    queryKey: formationKeys.history(workspaceId),
    queryFn: () => formationApi.history(workspaceId),
    enabled: Boolean(workspace.data?.abilities.form_teams),
  });
  const run = useQuery({
    queryKey: formationKeys.run(token ?? '-'),
    queryFn: () => formationApi.run(token!),
    enabled: token !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' || !status ? 400 : false;
    },
  });

  // A run that finished (or failed) changes the history's status column.
  const runStatus = run.data?.status;
  useEffect(() => {
    if (runStatus && runStatus !== 'queued' && runStatus !== 'running') {
      void queryClient.invalidateQueries({ queryKey: formationKeys.history(workspaceId) });
    }
  }, [runStatus, queryClient, workspaceId]);

  const open = (next: string | null, { replace = false } = {}) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === null) copy.delete('run');
        else copy.set('run', next);
        return copy;
      },
      { replace },
    );
    setEdited(null);
    setScore(null);
    setSelected(null);
    setChosen(null);
    setError(null);
  };
  const start = useMutation<
    Awaited<ReturnType<typeof formationApi.start>>,
    ApiError,
    StartFormation
  >({
    mutationFn: (body) => withApiError(() => formationApi.start(body)),
    onMutate: () => setError(null),
    onSuccess: (started) => {
      open(started.token);
      return queryClient.invalidateQueries({ queryKey: formationKeys.history(workspaceId) });
    },
    onError: setError,
  });
  const drop = useMutation<unknown, ApiError>({
    mutationFn: () => withApiError(() => formationApi.drop(token!)),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: formationKeys.all });
      open(null);
    },
    onError: setError,
  });
  const rescore = useMutation({
    mutationFn: (split: number[][]) => formationApi.score(token!, split),
    onSuccess: setScore,
  });
  const confirm = useMutation<unknown, ApiError, number[][]>({
    mutationFn: (split) => withApiError(() => formationApi.confirm(workspaceId, token!, split)),
    onSuccess: async () => {
      // The run is now confirmed: no cached copy may still offer to confirm it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: formationKeys.all }),
      ]);
      navigate(`/workspaces/${workspaceId}/teams`);
    },
    onError: setError,
  });

  const proposal = run.data;

  // Back on the page without a run named: the newest proposal, if still to be confirmed, is
  // what the owner left, so it opens again.
  const newest = history.data?.[0];
  useEffect(() => {
    if (token === null && newest?.status === 'done') open(newest.token, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the history arrives
  }, [newest?.token, newest?.status, token]);

  const shownStatus = proposal?.status;
  useEffect(() => {
    if (
      !reveal.current ||
      (shownStatus !== 'done' && shownStatus !== 'confirmed' && shownStatus !== 'dropped')
    )
      return;
    reveal.current = false;
    const heading = document.getElementById('formation-proposal-title');
    heading?.setAttribute('tabindex', '-1');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [shownStatus, token]);
  const proposedSplit = useMemo(
    () => chosen?.teams ?? proposal?.teams?.map((team) => team.members.map((m) => m.id)) ?? null,
    [proposal, chosen],
  );
  const recommended = proposal?.proposals?.find((entry) => entry.recommended) ?? null;
  /** Picking a proposal shows its teams and measures; swaps start again from it. */
  const choose = (next: FormationProposal) => {
    setSelected(null);
    setEdited(null);
    if (next.recommended) {
      setChosen(null);
      setScore(null);
      return;
    }
    setChosen(next);
    setScore(null);
    rescore.mutate(next.teams);
  };
  const people = useMemo(
    () =>
      new Map<number, Person>(
        (proposal?.teams ?? []).flatMap((team) => team.members.map((m) => [m.id, m] as const)),
      ),
    [proposal],
  );

  if (workspace.error) return <FormAlert error={apiErrorOf(workspace.error)} />;
  if (!workspace.data) return <Spinner label={t('app:loading')} />;
  if (!workspace.data.abilities.form_teams) {
    return <EmptyState headingLevel={1} title={t('team-formation:page.not_allowed')} />;
  }

  const split = edited ?? proposedSplit;
  const pick = (personId: number) => {
    if (!split) return;
    if (selected === null || selected === personId) {
      setSelected(selected === personId ? null : personId);
      return;
    }
    const a = seatOf(split, selected);
    const b = seatOf(split, personId);
    setSelected(null);
    if (!a || !b || a.team === b.team) {
      setSelected(personId);
      return;
    }
    const next = swapSeats(split, a, b);
    setEdited(next);
    rescore.mutate(next);
  };
  const busy =
    proposal?.status === 'queued' ||
    proposal?.status === 'running' ||
    (token !== null && !proposal);

  return (
    <div className={styles.root}>
      <WorkspacePageHeading
        title={t('team-formation:page.title')}
        workspace={workspace.data.name}
      />
      <Section
        id="formation-options"
        title={t('team-formation:options.title')}
        description={t('team-formation:options.intro')}
      >
        <FormAlert error={error} />
        <OptionsForm
          workspaceId={workspaceId}
          people={(members.data ?? []).filter((m) => m.role !== 'viewer' && m.role !== 'deactive')}
          busy={start.isPending || busy}
          error={error}
          onStart={(body) => start.mutate(body)}
        />
      </Section>

      {busy &&
        (proposal?.status === 'running' && proposal.progress !== null ? (
          <ProgressBar
            value={proposal.progress}
            thickness="large"
            aria-label={t('team-formation:page.forming')}
            aria-valuetext={t('team-formation:page.forming_progress', {
              percent: Math.round(proposal.progress * 100),
            })}
          />
        ) : (
          <Spinner label={t('team-formation:page.forming')} />
        ))}
      {busy && proposal?.status === 'running' && proposal.progress !== null && (
        <Text>
          {t('team-formation:page.forming_progress', {
            percent: Math.round(proposal.progress * 100),
          })}
        </Text>
      )}
      {proposal?.status === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('team-formation:page.failed', { reason: proposal.error ?? '' })}
          </MessageBarBody>
        </MessageBar>
      )}
      {proposal &&
        split &&
        proposal.metrics &&
        (proposal.status === 'done' ||
          proposal.status === 'confirmed' ||
          proposal.status === 'dropped') && (
          <Section
            id="formation-proposal"
            title={t('team-formation:page.proposal', {
              teams: split.length,
              people: proposal.people_count,
            })}
            description={[
              t('team-formation:page.coverage', proposal.coverage),
              ...(Object.values(proposal.coverage.hidden).some((count) => count > 0)
                ? [t('team-formation:page.coverage_hidden', proposal.coverage.hidden)]
                : []),
            ].join(' ')}
          >
            {proposal.infeasible.map((rule) => (
              <MessageBar key={rule.rule} intent="warning">
                <MessageBarBody>{t(`team-formation:infeasible.${rule.rule}`)}</MessageBarBody>
              </MessageBar>
            ))}
            {proposal.no_data.personality && (
              <MessageBar intent="warning">
                <MessageBarBody>
                  {t('team-formation:page.personality_unmeasured', {
                    count: proposal.coverage.personality,
                    people: proposal.people_count,
                  })}
                </MessageBarBody>
              </MessageBar>
            )}
            {(proposal.proposals?.length ?? 0) > 1 && (
              <>
                <Text weight="semibold">{t('team-formation:proposals.title')}</Text>
                <Text>{t('team-formation:proposals.intro')}</Text>
                <ProposalChooser
                  proposals={proposal.proposals!}
                  chosen={chosen?.kind ?? recommended?.kind ?? 'hours'}
                  noData={proposal.no_data}
                  disabled={proposal.status !== 'done' || rescore.isPending || confirm.isPending}
                  onChoose={choose}
                />
              </>
            )}
            <MetricsTable
              metrics={score?.metrics ?? proposal.metrics}
              before={score ? proposal.metrics : undefined}
              noData={proposal.no_data}
            />
            <Text>{t('team-formation:page.swap_hint')}</Text>
            {score && sameMeasures(score.metrics, proposal.metrics) && (
              <Text weight="semibold">{t('team-formation:page.swap_unchanged')}</Text>
            )}
            <ProposedTeams
              split={split}
              people={people}
              teamMetrics={score?.team_metrics ?? proposal.teams!.map((team) => team.metrics)}
              selected={selected}
              onPick={pick}
              noData={proposal.no_data}
              personalityHidden={proposal.coverage.hidden.personality > 0}
            />
            <div className={styles.actions}>
              {proposal.status === 'done' && (
                <>
                  <Button
                    appearance="primary"
                    disabled={confirm.isPending || rescore.isPending || drop.isPending}
                    onClick={() => confirm.mutate(split)}
                  >
                    {t('team-formation:page.confirm', { count: split.length })}
                  </Button>
                  <Button
                    disabled={confirm.isPending || drop.isPending}
                    onClick={() => drop.mutate()}
                  >
                    {t('team-formation:page.drop')}
                  </Button>
                </>
              )}
              {proposal.status === 'confirmed' && <Text>{t('team-formation:page.confirmed')}</Text>}
              {proposal.status === 'dropped' && <Text>{t('team-formation:page.dropped')}</Text>}
              {edited && proposal.status === 'done' && (
                <Button
                  onClick={() => {
                    setEdited(null);
                    setScore(null);
                    if (chosen) rescore.mutate(chosen.teams);
                  }}
                >
                  {t('team-formation:page.undo_edits')}
                </Button>
              )}
            </div>
          </Section>
        )}

      {(history.data?.length ?? 0) > 0 && (
        <Section id="formation-history" title={t('team-formation:history.title')}>
          <PlainTable
            size="small"
            label={t('team-formation:history.title')}
            items={history.data!}
            rowKey={(entry) => entry.token}
            columns={[
              {
                id: 'when',
                label: t('team-formation:history.when'),
                render: (entry) => formatDateTime(entry.created_at),
              },
              {
                id: 'strategy',
                label: t('team-formation:history.strategy'),
                render: (entry) => t(`team-formation:strategies.${entry.strategy}`),
              },
              {
                id: 'people',
                label: t('team-formation:history.people'),
                render: (entry) => entry.people_count,
              },
              {
                id: 'status',
                label: t('team-formation:history.status'),
                render: (entry) => t(`team-formation:statuses.${entry.status}`),
              },
              {
                id: 'open',
                render: (entry) => (
                  <Button
                    size="small"
                    onClick={() => {
                      reveal.current = true;
                      open(entry.token);
                    }}
                    disabled={entry.token === token}
                  >
                    {t('team-formation:history.open')}
                  </Button>
                ),
              },
            ]}
          />
        </Section>
      )}
    </div>
  );
}

function sameMeasures(a: FormationScore['metrics'], b: FormationScore['metrics']): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
