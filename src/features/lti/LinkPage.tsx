import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { LinkResult, LinkStatus } from '@contracts/lti';
import { FormAlert } from '@/components/FormAlert';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { announce, withApiError, type ApiError, type Envelope } from '@/lib/http';
import { ltiApi, ltiKeys } from './api';
import { useSignInAgain } from './sign-in-again';
import { useLtiPageStyles } from './page-styles';
import { LaunchMessage } from './LaunchMessage';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * /lti/link/:plugin: links the platform identity of a launch that made a new account to the
 * person's existing account. They sign in to that account here first (its password and second
 * factor), then confirm; the server checks both (docs/decisions/lti.md, "Linking").
 */
export default function LinkPage() {
  const { t } = useTranslation('lti');
  const styles = useStyles();
  const page = useLtiPageStyles();
  const { plugin = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signInAgain = useSignInAgain();
  const status = useQuery<LinkStatus, ApiError>({
    queryKey: ltiKeys.link,
    queryFn: () => withApiError(ltiApi.link),
    retry: false,
  });
  const confirm = useMutation<Envelope<LinkResult>, ApiError>({
    mutationFn: () => withApiError(ltiApi.confirmLink),
    onSuccess: async (answer) => {
      announce(answer.messages);
      await queryClient.invalidateQueries();
      navigate(answer.resource.redirect, { replace: true });
    },
  });

  if (status.isPending) return <FullPageSpinner label={t('link.loading')} />;
  if (status.error) {
    return <LaunchMessage title={t('link.none_title')} description={t('link.none')} />;
  }
  const { platform, person_name: name, account, can_confirm: canConfirm } = status.data;
  const toSignIn = () => signInAgain(`/lti/link/${plugin}`);
  return (
    <div className={page.root}>
      <Text as="h1" size={700} weight="semibold">
        {t('link.title')}
      </Text>
      <Text>
        {name
          ? t('link.intro_named', { platform: platform.name, name })
          : t('link.intro', { platform: platform.name })}
      </Text>
      {!platform.approved && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('link.unapproved')}</MessageBarBody>
        </MessageBar>
      )}
      {canConfirm && account ? (
        <>
          <Text weight="semibold">
            {t('link.confirm_question', { platform: platform.name, email: account.email })}
          </Text>
          <FormAlert error={confirm.error} />
          <div className={styles.actions}>
            <Button
              appearance="primary"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {t('link.confirm')}
            </Button>
            <Button onClick={() => navigate('/workspaces', { replace: true })}>
              {t('link.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <Text>
            {account ? t('link.sign_in_again', { email: account.email }) : t('link.sign_in_first')}
          </Text>
          <div className={styles.actions}>
            <Button appearance="primary" onClick={toSignIn}>
              {t('link.to_sign_in')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
