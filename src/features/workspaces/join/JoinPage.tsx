import { Button, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { PeopleAddRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { InvitationPreview, Workspace } from '@contracts/workspaces';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { RouterButton } from '@/components/RouterLink';
import { withApiError, type ApiError, type Envelope } from '@/lib/http';
import { rememberRoute, useAccessToken } from '@/lib/session';
import { refreshWorkspaces, workspacesApi } from '../api';
import { workspaceKeys } from '../keys';
import { Busy } from '@/components/Busy';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXL,
  },
  card: { width: '100%', maxWidth: '480px' },
  body: { ...column, gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  color: { width: '32px', height: '32px', borderRadius: tokens.borderRadiusMedium },
});

/**
 * /join?token=…: where invitation mails and the shareable link lead. Signed in, the person
 * joins with one click. Signed out, they sign in (with the mailed one-click sign-in when the
 * mail carries one) or create an account, and come back here to join
 * (docs/decisions/member-cap-and-invitations.md).
 */
export default function JoinPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signInToken = params.get('signin');
  const signedIn = useAccessToken() !== null;
  const here = `/join?token=${encodeURIComponent(token)}`;

  const preview = useQuery<InvitationPreview, ApiError>({
    queryKey: workspaceKeys.invitation(token),
    queryFn: () => withApiError(() => workspacesApi.previewInvitation(token)),
    enabled: token.length > 0,
    retry: false,
  });
  const join = useMutation<Envelope<{ workspace: Workspace; already_member: boolean }>, ApiError>({
    mutationFn: () => withApiError(() => workspacesApi.join(token)),
    onSuccess: async ({ resource }) => {
      await refreshWorkspaces(queryClient);
      navigate(`/workspaces/${resource.workspace.id}`, { replace: true });
    },
  });

  // A mailed one-click sign-in: use it, then come back here signed in.
  useEffect(() => {
    if (!signedIn && signInToken && preview.data?.account_exists) {
      rememberRoute(here);
      navigate(`/signin/${encodeURIComponent(signInToken)}`, { replace: true });
    }
  }, [signedIn, signInToken, preview.data, here, navigate]);

  if (!token || preview.error) {
    return (
      <EmptyState
        icon={<PeopleAddRegular />}
        title={t('workspaces:join.invalid_title')}
        description={preview.error?.messages.join(' ') || t('workspaces:join.invalid')}
        actions={
          signedIn ? (
            <RouterButton to="/workspaces">{t('workspaces:menu.all')}</RouterButton>
          ) : (
            <RouterButton to="/signin">{t('workspaces:join.sign_in')}</RouterButton>
          )
        }
      />
    );
  }
  if (!preview.data) return <Busy />;
  const invitation = preview.data;
  const toSignIn = () => {
    rememberRoute(here);
    navigate('/signin');
  };
  const toRegister = () => {
    rememberRoute(here);
    navigate(`/register/${encodeURIComponent(token)}`);
  };

  return (
    <div className={styles.root}>
      <Card className={styles.card}>
        <CardHeader
          image={
            <span
              className={styles.color}
              style={{ backgroundColor: invitation.workspace.color ?? tokens.colorBrandBackground }}
              aria-hidden
            />
          }
          header={
            <Text as="h1" size={500} weight="semibold">
              {invitation.workspace.name}
            </Text>
          }
          description={
            <Text size={200}>
              {t(`workspaces:types.${invitation.workspace.workspace_type}`)} ·{' '}
              {t('workspaces:list.members_count', { count: invitation.workspace.members_count })}
            </Text>
          }
        />
        <div className={styles.body}>
          <Text>
            {invitation.invited_by
              ? t('workspaces:join.invited_by', { name: invitation.invited_by })
              : t('workspaces:join.invited')}
          </Text>
          {invitation.email && (
            <Text size={200}>{t('workspaces:join.sent_to', { email: invitation.email })}</Text>
          )}
          <FormAlert error={join.error} />
          <div className={styles.actions}>
            {signedIn ? (
              <Button appearance="primary" disabled={join.isPending} onClick={() => join.mutate()}>
                {t('workspaces:join.join')}
              </Button>
            ) : (
              <>
                {invitation.account_exists !== false && (
                  <Button appearance="primary" onClick={toSignIn}>
                    {t('workspaces:join.sign_in')}
                  </Button>
                )}
                {invitation.account_exists !== true && (
                  <Button
                    appearance={invitation.account_exists === false ? 'primary' : 'secondary'}
                    onClick={toRegister}
                  >
                    {t('workspaces:join.register')}
                  </Button>
                )}
              </>
            )}
          </div>
        </div>
      </Card>
    </div>
  );
}
