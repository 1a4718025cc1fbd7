import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import { accountApi } from '../api';
import { SettingsSection, useSettingsFormStyles } from '@/components/SettingsSection';
import { BusyButton } from '@/components/BusyButton';

/** A copy of everything Teamloop holds about the user (GET user/export-user-data). */
export function DataExportSection() {
  const { t } = useTranslation();
  const styles = useSettingsFormStyles();
  const exportData = useMutation<void, ApiError>({
    mutationFn: () =>
      withApiError(async () => {
        const { blob, filename } = await accountApi.exportData();
        saveFile(blob, filename);
      }),
  });
  return (
    <SettingsSection
      id="export"
      title={t('account:export.title')}
      description={t('account:export.description')}
    >
      <FormAlert error={exportData.error} />
      <div className={styles.actions}>
        <BusyButton
          busy={exportData.isPending}
          icon={<ArrowDownloadRegular />}
          onClick={() => exportData.mutate()}
        >
          {t('account:export.download')}
        </BusyButton>
      </div>
    </SettingsSection>
  );
}
