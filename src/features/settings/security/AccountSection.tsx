import { Button } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@contracts/auth';
import { SIGN_IN_PATH } from '@/app/guards';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { endSessionLocally } from '@/lib/session';
import { accountApi } from '../api';
import { ConfirmValueDialog } from './CodeDialog';
import { SettingsSection, useSettingsFormStyles } from '@/components/SettingsSection';
import { BusyButton } from '@/components/BusyButton';
import { SimpleDialog } from '@/components/SimpleDialog';

/** Deactivate (come back by signing in) or delete the account for good. */
export function AccountSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useSettingsFormStyles();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'deactivate' | 'delete' | null>(null);
  // Spec 4: both end the session here and reset every store, then go to sign-in.
  const leave = () => {
    endSessionLocally();
    navigate(SIGN_IN_PATH, { replace: true });
  };
  const deactivate = useMutation<unknown, ApiError>({
    mutationFn: () => withApiError(accountApi.deactivate),
    onSuccess: leave,
  });

  return (
    <SettingsSection
      id="account"
      title={t('account:account.title')}
      description={t('account:account.description')}
    >
      <div className={styles.actions}>
        <Button onClick={() => setDialog('deactivate')}>{t('account:account.deactivate')}</Button>
        <Button onClick={() => setDialog('delete')}>{t('account:account.delete')}</Button>
      </div>

      <SimpleDialog
        open={dialog === 'deactivate'}
        onClose={() => setDialog(null)}
        title={t('account:account.deactivate_title')}
        actions={
          <>
            <Button appearance="secondary" onClick={() => setDialog(null)}>
              {t('app:actions.cancel')}
            </Button>
            <BusyButton
              busy={deactivate.isPending}
              appearance="primary"
              onClick={() => deactivate.mutate()}
            >
              {t('account:account.deactivate')}
            </BusyButton>
          </>
        }
      >
        <p>{t('account:account.deactivate_description')}</p>
        <FormAlert error={deactivate.error} />
      </SimpleDialog>

      <ConfirmValueDialog
        open={dialog === 'delete'}
        title={t('account:account.delete_title')}
        description={
          user.has_password
            ? t('account:account.delete_description')
            : t('account:account.delete_description_email')
        }
        label={user.has_password ? t('auth:fields.password') : t('auth:fields.email')}
        field={user.has_password ? 'password' : 'email'}
        inputType={user.has_password ? 'password' : 'email'}
        autoComplete={user.has_password ? 'current-password' : 'off'}
        submitLabel={t('account:account.delete_confirm')}
        danger
        onSubmit={async (value) => {
          await accountApi.deleteAccount(
            user.has_password ? { password: value } : { email: value },
          );
          leave();
        }}
        onClose={() => setDialog(null)}
      />
    </SettingsSection>
  );
}
