import {
  Avatar,
  AvatarGroup,
  AvatarGroupItem,
  Badge,
  Button,
  Card,
  CardHeader,
  Checkbox,
  Combobox,
  Field,
  Input,
  makeStyles,
  MenuItem,
  Option,
  SpinButton,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  MoreHorizontalRegular,
  PeopleTeamAddRegular,
} from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Member } from '@contracts/workspaces';
import { useSignedInUser } from '@/lib/current-user';
import { EmptyState } from '@/components/EmptyState';
import { useWorkspaceQuery } from '@/features/workspaces';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { saveFile } from '@/lib/save-file';
import { apiErrorOf, withApiError, type ApiError } from '@/lib/http';
import { teamsApi, type Team, type TeamRequest } from '../api';
import { teamKeys } from '../keys';
import { useTeamMembers } from '../hooks';
import { FormDialog } from '@/components/FormDialog';
import { column, wrappingRow, tileGrid } from '@/lib/styles';
import { ButtonMenu } from '@/components/ButtonMenu';
import { WorkspacePageHeading } from '@/components/WorkspacePageHeading';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL },
  header: { ...wrappingRow, justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grid: {
    ...tileGrid('280px'),
    gap: tokens.spacingHorizontalM,
  },
  card: { gap: tokens.spacingVerticalS },
  mine: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  members: {
    margin: 0,
    padding: 0,
    ...column,
    gap: tokens.spacingVerticalXS,
  },
  member: {
    listStyleType: 'none',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  requests: { ...column, gap: tokens.spacingVerticalS },
  request: { ...wrappingRow, justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  form: { ...column, gap: tokens.spacingVerticalM },
});

function useWorkspaceId(): number {
  return Number(useParams().workspace);
}

/** Runs a team call, then fetches the workspace's teams and requests again. */
function useTeamAction<T>(call: (argument: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

function CreateTeamDialog({
  workspaceId,
  manage,
  members,
  onClose,
}: {
  workspaceId: number;
  manage: boolean;
  members: Member[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [subscribable, setSubscribable] = useState(false);
  const [maxMembers, setMaxMembers] = useState<number | null>(null);
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const create = useMutation<unknown, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        teamsApi.create(workspaceId, {
          name,
          subscribable,
          max_members: maxMembers,
          ...(manage ? { member_ids: memberIds.map(Number) } : {}),
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      onClose();
    },
    onError: setError,
  });
  const onSubmit = () => {
    setError(null);
    create.mutate();
  };
  return (
    <FormDialog
      title={t('workspace-teams:create.title')}
      onSubmit={onSubmit}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={t('workspace-teams:create.submit')}
      submitDisabled={!name.trim() || create.isPending}
    >
      <FormAlert error={error} />
      <Field
        label={t('workspace-teams:create.name')}
        required
        validationMessage={fieldError(error, 'name')}
      >
        <Input value={name} onChange={(_e, d) => setName(d.value)} />
      </Field>
      <Checkbox
        checked={subscribable}
        onChange={(_e, d) => setSubscribable(Boolean(d.checked))}
        label={t('workspace-teams:create.subscribable')}
      />
      <Field
        label={t('workspace-teams:create.max_members')}
        validationMessage={fieldError(error, 'max_members')}
      >
        <SpinButton
          min={1}
          max={500}
          value={maxMembers}
          onChange={(_e, d) => {
            const value = d.value ?? (d.displayValue ? Number(d.displayValue) : null);
            setMaxMembers(value === null || Number.isNaN(value) ? null : value);
          }}
        />
      </Field>
      {manage && (
        <Field
          label={t('workspace-teams:create.members')}
          validationMessage={fieldError(error, 'member_ids')}
        >
          <Combobox
            multiselect
            selectedOptions={memberIds}
            value={members
              .filter((m) => memberIds.includes(String(m.id)))
              .map((m) => m.name)
              .join(', ')}
            onOptionSelect={(_e, d) => setMemberIds(d.selectedOptions)}
          >
            {members.map((member) => (
              <Option key={member.id} value={String(member.id)} text={member.name}>
                {member.name}
              </Option>
            ))}
          </Combobox>
        </Field>
      )}
    </FormDialog>
  );
}

function TeamCard({ team, freeMembers }: { team: Team; freeMembers: Member[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [inviting, setInviting] = useState(false);
  const act = useTeamAction((action: () => Promise<unknown>) => action());
  const { abilities } = team;
  const full = team.max_members !== null && team.members_count >= team.max_members;
  return (
    <Card
      className={team.is_member ? `${styles.card} ${styles.mine}` : styles.card}
      aria-label={team.name}
    >
      <CardHeader
        image={
          <Avatar
            name={team.name}
            shape="square"
            image={team.avatar_url ? { src: team.avatar_url } : undefined}
          />
        }
        header={<Text weight="semibold">{team.name}</Text>}
        description={t('workspace-teams:card.members', { count: team.members_count })}
        action={
          abilities.delete || abilities.delete_by_member ? (
            <ButtonMenu
              trigger={
                <Button
                  appearance="subtle"
                  icon={<MoreHorizontalRegular />}
                  aria-label={t('workspace-teams:card.more', { name: team.name })}
                />
              }
            >
              {(abilities.delete || abilities.delete_by_member) && (
                <MenuItem
                  onClick={() =>
                    act.mutate(() =>
                      abilities.delete
                        ? teamsApi.remove(team.id)
                        : teamsApi.removeByMember(team.id),
                    )
                  }
                >
                  {t('workspace-teams:card.delete')}
                </MenuItem>
              )}
            </ButtonMenu>
          ) : undefined
        }
      />
      <div className={styles.badges}>
        {team.is_member && <Badge appearance="filled">{t('workspace-teams:card.yours')}</Badge>}
        {team.self_team && <Badge appearance="tint">{t('workspace-teams:card.self_team')}</Badge>}
        {team.subscribable && !full && (
          <Badge appearance="tint" color="success">
            {t('workspace-teams:card.open')}
          </Badge>
        )}
        {full && (
          <Badge appearance="tint" color="warning">
            {t('workspace-teams:card.full')}
          </Badge>
        )}
      </div>
      <ul className={styles.members}>
        {team.members.map((member) => (
          <li key={member.id} className={styles.member}>
            <Avatar
              size={24}
              name={member.name}
              image={member.avatar_url ? { src: member.avatar_url } : undefined}
            />
            <Text>{member.name}</Text>
            {member.role === 'leader' && (
              <Badge size="small" appearance="outline">
                {t('workspace-teams:roles.leader')}
              </Badge>
            )}
            {abilities.manage_members && (
              <Button
                size="small"
                appearance="subtle"
                onClick={() => act.mutate(() => teamsApi.removeMember(team.id, member.id))}
              >
                {t('workspace-teams:card.take_out')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {abilities.subscribe && (
          <Button
            appearance="primary"
            onClick={() => act.mutate(() => teamsApi.subscribe(team.id))}
          >
            {t('workspace-teams:card.join')}
          </Button>
        )}
        {abilities.request_join && !abilities.subscribe && (
          <Button onClick={() => act.mutate(() => teamsApi.requestJoin(team.id))}>
            {t('workspace-teams:card.ask_to_join')}
          </Button>
        )}
        {abilities.invite && freeMembers.length > 0 && !inviting && (
          <Button icon={<PeopleTeamAddRegular />} onClick={() => setInviting(true)}>
            {t('workspace-teams:card.invite')}
          </Button>
        )}
        {inviting && (
          <Combobox
            aria-label={t('workspace-teams:card.invite_who')}
            placeholder={t('workspace-teams:card.invite_who')}
            onOptionSelect={(_e, d) => {
              if (d.optionValue) act.mutate(() => teamsApi.invite(team.id, Number(d.optionValue)));
              setInviting(false);
            }}
          >
            {freeMembers.map((member) => (
              <Option key={member.id} value={String(member.id)}>
                {member.name}
              </Option>
            ))}
          </Combobox>
        )}
        {abilities.leave && (
          <Button onClick={() => act.mutate(() => teamsApi.leave(team.id))}>
            {t('workspace-teams:card.leave')}
          </Button>
        )}
      </div>
    </Card>
  );
}

type RequestAnswer = 'accepted' | 'declined' | 'cancelled';

function Requests({ requests }: { requests: TeamRequest[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const answer = useTeamAction(({ id, status }: { id: number; status: RequestAnswer }) =>
    teamsApi.answer(id, status),
  );
  const reply = (id: number, status: RequestAnswer) => () => answer.mutate({ id, status });
  if (requests.length === 0) return null;
  return (
    <Card
      className={styles.requests}
      role="region"
      aria-label={t('workspace-teams:requests.title')}
    >
      <Text as="h2" size={500} weight="semibold">
        {t('workspace-teams:requests.title')}
      </Text>
      {requests.map((request) => (
        <div key={request.id} className={styles.request}>
          <Text>
            {request.type === 'join'
              ? t('workspace-teams:requests.join', {
                  person: request.user.name,
                  team: request.team.name,
                })
              : t('workspace-teams:requests.invite', {
                  person: request.created_by.name,
                  invitee: request.user.name,
                  team: request.team.name,
                })}
          </Text>
          <div className={styles.actions}>
            {request.can_answer && (
              <>
                <Button appearance="primary" onClick={reply(request.id, 'accepted')}>
                  {t('workspace-teams:requests.accept')}
                </Button>
                <Button onClick={reply(request.id, 'declined')}>
                  {t('workspace-teams:requests.decline')}
                </Button>
              </>
            )}
            {request.can_cancel && (
              <Button appearance="subtle" onClick={reply(request.id, 'cancelled')}>
                {t('workspace-teams:requests.cancel')}
              </Button>
            )}
          </div>
        </div>
      ))}
    </Card>
  );
}

/** /workspaces/:workspace/teams: the workspace's teams, your team, requests and invitations. */
export default function TeamsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspaceId = useWorkspaceId();
  const me = useSignedInUser();
  const [creating, setCreating] = useState(false);
  const workspace = useWorkspaceQuery(workspaceId);
  const teams = useQuery({
    queryKey: teamKeys.list(workspaceId),
    queryFn: () => teamsApi.list(workspaceId),
  });
  const members = useTeamMembers(workspaceId);
  const requests = useQuery({
    queryKey: teamKeys.requests(workspaceId),
    queryFn: () => teamsApi.requests(workspaceId),
  });
  const isPublic = useQuery({
    queryKey: teamKeys.public(workspaceId),
    queryFn: () => teamsApi.isPublic(workspaceId),
    enabled: Boolean(workspace.data?.abilities.update_workspace),
  });
  const togglePublic = useTeamAction((publish: boolean) =>
    publish ? teamsApi.publish(workspaceId) : teamsApi.unpublish(workspaceId),
  );

  const failure = workspace.error ?? teams.error;
  if (failure) {
    const error = apiErrorOf(failure);
    return error.status === 404 ? (
      <EmptyState headingLevel={1} title={t('workspace-teams:page.not_found')} />
    ) : (
      <FormAlert error={error} />
    );
  }
  if (!workspace.data || !teams.data) return <Spinner label={t('app:loading')} />;
  const abilities = workspace.data.abilities;
  const inTeams = new Set(teams.data.teams.flatMap((team) => team.members.map((m) => m.id)));
  const freeMembers = (members.data ?? []).filter(
    (m) => !inTeams.has(m.id) && m.role !== 'viewer' && m.role !== 'deactive',
  );
  const canCreate = abilities.manage_teams || (abilities.create_own_team && !teams.data.user_team);
  const download = async (format: 'csv' | 'xlsx') => {
    const file = await teamsApi.export(workspaceId, format);
    saveFile(file.blob, file.filename);
  };

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <WorkspacePageHeading
          title={t('workspace-teams:page.title')}
          workspace={workspace.data.name}
        />
        <div className={styles.actions}>
          {canCreate && (
            <Button appearance="primary" onClick={() => setCreating(true)}>
              {t('workspace-teams:page.new_team')}
            </Button>
          )}
          {abilities.form_teams && (
            <RouterButton to={`/workspaces/${workspaceId}/team-formation`}>
              {t('workspace-teams:page.form_teams')}
            </RouterButton>
          )}
          {abilities.update_workspace && isPublic.data !== undefined && (
            <Button
              disabled={togglePublic.isPending}
              onClick={() => togglePublic.mutate(!isPublic.data)}
            >
              {isPublic.data
                ? t('team-formation:public.unpublish')
                : t('team-formation:public.publish')}
            </Button>
          )}
          {abilities.manage_teams && (
            <>
              <Button icon={<ArrowDownloadRegular />} onClick={() => void download('csv')}>
                {t('workspace-teams:page.export_csv')}
              </Button>
              <Button icon={<ArrowDownloadRegular />} onClick={() => void download('xlsx')}>
                {t('workspace-teams:page.export_xlsx')}
              </Button>
            </>
          )}
        </div>
      </div>
      {teams.data.user_team ? (
        <Text>{t('workspace-teams:page.your_team', { name: teams.data.user_team.name })}</Text>
      ) : (
        <Text>{t('workspace-teams:page.no_team')}</Text>
      )}
      <Requests requests={requests.data ?? []} />
      {teams.data.teams.length === 0 ? (
        <EmptyState
          title={t('workspace-teams:page.empty')}
          description={t('workspace-teams:page.empty_hint')}
        />
      ) : (
        <div className={styles.grid}>
          {teams.data.teams.map((team) => (
            <TeamCard key={team.id} team={team} freeMembers={freeMembers} />
          ))}
        </div>
      )}
      {freeMembers.length > 0 && (
        <Card role="region" aria-label={t('workspace-teams:page.without_team')}>
          <Text weight="semibold">{t('workspace-teams:page.without_team')}</Text>
          <AvatarGroup layout="spread">
            {freeMembers.slice(0, 30).map((member) => (
              <AvatarGroupItem
                key={member.id}
                name={member.name}
                image={member.avatar_url ? { src: member.avatar_url } : undefined}
              />
            ))}
          </AvatarGroup>
          <Text>{freeMembers.map((member) => member.name).join(', ')}</Text>
        </Card>
      )}
      {creating && (
        <CreateTeamDialog
          workspaceId={workspaceId}
          manage={abilities.manage_teams}
          members={freeMembers}
          onClose={() => setCreating(false)}
        />
      )}
      {/* Teams are formed from members' profiles: only a member who is placed, and whose
          profile is not complete, is asked to complete it. */}
      {workspace.data?.role === 'member' && me.profile_completion_percent < 100 && (
        <RouterLink to="/profile/general">{t('workspace-teams:page.profile_hint')}</RouterLink>
      )}
    </div>
  );
}
