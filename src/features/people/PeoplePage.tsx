import {
  Button,
  makeStyles,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  DeleteRegular,
  PersonAddRegular,
  PersonDeleteRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  WORKSPACE_ROLES,
  type Invitation,
  type Member,
  type WorkspaceRoleName,
} from '@contracts/workspaces';
import { useSignedInUser } from '@/lib/current-user';
import { DataTable, PersonName, Truncated, type DataTableColumn } from '@/components/DataTable';
import { formatDate } from '@/lib/format';
import {
  refreshWorkspaces,
  useWorkspace,
  workspaceKeys,
  workspacesApi,
} from '@/features/workspaces';
import { CourseRoster } from '@/features/lti';

import { InviteDialog } from './InviteDialog';
import { RoleIcon } from './RoleIcon';
import { useConfirm } from '@/components/ConfirmDialog';
import { Busy } from '@/components/Busy';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  role: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

function RoleCell({
  member,
  canChange,
  onChange,
}: {
  member: Member;
  canChange: boolean;
  onChange: (role: WorkspaceRoleName) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const label = (
    <span className={styles.role}>
      <RoleIcon role={member.role} />
      {t(`workspaces:roles.${member.role}`)}
    </span>
  );
  if (!canChange) return label;
  return (
    <Menu
      checkedValues={{ role: [member.role] }}
      onCheckedValueChange={(_event, data) => onChange(data.checkedItems[0] as WorkspaceRoleName)}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          // Begins with the role it shows: its spoken name holds its visible words (WCAG 2.5.3).
          aria-label={t('workspaces:people.change_role_of', {
            name: member.name,
            role: t(`workspaces:roles.${member.role}`),
          })}
        >
          {label}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {WORKSPACE_ROLES.map((role) => (
            <MenuItemRadio key={role} name="role" value={role} icon={<RoleIcon role={role} />}>
              {t(`workspaces:roles.${role}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The people of a workspace (spec 2.6 people): members, roles, invitations, leaving. */
export default function PeoplePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workspace = useWorkspace();
  const me = useSignedInUser();
  const { abilities } = workspace;
  const [inviting, setInviting] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const readOnly = workspace.status === 'archived';

  const members = useQuery({
    queryKey: workspaceKeys.members(workspace.id),
    queryFn: () => workspacesApi.members(workspace.id),
  });
  const invited = useQuery({
    queryKey: workspaceKeys.invited(workspace.id),
    queryFn: () => workspacesApi.invited(workspace.id),
    enabled: abilities.invite_members === true,
  });
  const refresh = () => refreshWorkspaces(queryClient);

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: WorkspaceRoleName }) =>
      workspacesApi.changeRole(workspace.id, member.id, role),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (member: Member) => workspacesApi.removeMember(workspace.id, member.id),
    onSettled: refresh,
  });
  const leave = useMutation({
    mutationFn: () => workspacesApi.leave(workspace.id),
    onSuccess: async () => {
      await refresh();
      navigate('/workspaces');
    },
  });
  const invitation = useMutation<unknown, Error, { item: Invitation; action: 'resend' | 'revoke' }>(
    {
      mutationFn: ({ item, action }) => workspacesApi[action](workspace.id, item.id),
      onSettled: refresh,
    },
  );

  const canManage = abilities.manage_members === true && !readOnly;
  const memberColumns: DataTableColumn<Member>[] = [
    {
      id: 'name',
      label: t('workspaces:columns.name'),
      alwaysShown: true,
      render: (member) => <PersonName person={member} />,
    },
    {
      id: 'email',
      label: t('workspaces:columns.email'),
      render: (member) => <Truncated text={member.email} />,
    },
    {
      id: 'role',
      label: t('workspaces:columns.role'),
      render: (member) => (
        <RoleCell
          member={member}
          canChange={canManage && member.id !== me.id}
          onChange={(role) => changeRole.mutate({ member, role })}
        />
      ),
    },
    {
      id: 'joined_at',
      label: t('workspaces:columns.joined_at'),
      render: (member) => formatDate(member.joined_at),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            label: t('workspaces:columns.actions'),
            alwaysShown: true,
            render: (member: Member) =>
              member.id === me.id ? null : (
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<PersonDeleteRegular />}
                  aria-label={t('workspaces:people.remove', { name: member.name })}
                  onClick={async () => {
                    const agreed = await confirm({
                      message: t('workspaces:people.remove_confirm', { name: member.name }),
                      confirmLabel: t('workspaces:people.remove', { name: member.name }),
                    });
                    if (agreed) remove.mutate(member);
                  }}
                />
              ),
          },
        ]
      : []),
  ];

  const invitationColumns: DataTableColumn<Invitation>[] = [
    {
      id: 'email',
      label: t('workspaces:columns.email'),
      alwaysShown: true,
      render: (item) => <Truncated text={item.email} />,
    },
    {
      id: 'role',
      label: t('workspaces:columns.role'),
      render: (item) => t(`workspaces:roles.${item.role}`),
    },
    {
      id: 'sent_at',
      label: t('workspaces:columns.sent_at'),
      render: (item) => formatDate(item.sent_at),
    },
    {
      id: 'expires_at',
      label: t('workspaces:columns.expires_at'),
      render: (item) =>
        item.is_expired ? t('workspaces:people.expired') : formatDate(item.expires_at),
    },
    {
      id: 'actions',
      label: t('workspaces:columns.actions'),
      alwaysShown: true,
      render: (item) => (
        <span className={styles.actions}>
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            disabled={readOnly || invitation.isPending}
            onClick={() => invitation.mutate({ item, action: 'resend' })}
          >
            {t('workspaces:people.resend')}
          </Button>
          {canManage && (
            <Button
              size="small"
              appearance="subtle"
              icon={<DeleteRegular />}
              disabled={invitation.isPending}
              onClick={() => invitation.mutate({ item, action: 'revoke' })}
            >
              {t('workspaces:people.revoke')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {abilities.invite_members && !readOnly && (
          <Button
            appearance="primary"
            icon={<PersonAddRegular />}
            data-tour="invite"
            onClick={() => setInviting(true)}
          >
            {t('workspaces:people.invite')}
          </Button>
        )}
        {abilities.leave_workspace && (
          <Button
            icon={<SignOutRegular />}
            disabled={leave.isPending}
            onClick={async () => {
              const agreed = await confirm({
                message: t('workspaces:people.leave_confirm', { name: workspace.name }),
                confirmLabel: t('workspaces:people.leave'),
              });
              if (agreed) leave.mutate();
            }}
          >
            {t('workspaces:people.leave')}
          </Button>
        )}
      </div>
      {abilities.invite_members && workspace.workspace_type === 'course' && (
        <CourseRoster workspaceId={workspace.id} readOnly={readOnly} />
      )}
      <Text as="h2" size={500} weight="semibold">
        {t('workspaces:people.members', { count: members.data?.length ?? 0 })}
      </Text>
      {members.isPending ? (
        <Busy size="small" />
      ) : (
        <DataTable
          tableId={`workspace-members`}
          label={t('workspaces:people.members', { count: members.data?.length ?? 0 })}
          items={members.data ?? []}
          columns={memberColumns}
          getRowId={(member) => member.id}
          isDimmed={(member) => member.is_deleted}
        />
      )}
      {abilities.invite_members && (
        <>
          <Text as="h2" size={500} weight="semibold">
            {t('workspaces:people.pending')}
          </Text>
          <DataTable
            tableId="workspace-invitations"
            label={t('workspaces:people.pending')}
            items={invited.data ?? []}
            columns={invitationColumns}
            getRowId={(item) => item.id}
            emptyText={t('workspaces:people.no_pending')}
          />
        </>
      )}
      {inviting && (
        <InviteDialog workspace={workspace} open={inviting} onClose={() => setInviting(false)} />
      )}
      {confirmDialog}
    </div>
  );
}
