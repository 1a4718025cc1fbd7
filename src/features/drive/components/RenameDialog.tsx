import { Field, Input } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRIVE_NAME_MAX } from '@contracts/drive';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { driveApi, type DriveFile } from '../api';
import { useDriveRefresh } from '../hooks';
import { FormDialog } from '@/components/FormDialog';

/** Renames a file; a changed name is not lost to a stray Escape without asking. */
export function RenameDialog({ file, onClose }: { file: DriveFile; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useDriveRefresh();
  const [name, setName] = useState(file.name);
  const rename = useMutation<DriveFile, ApiError, string>({
    mutationFn: (next) => withApiError(() => driveApi.rename(file.id, next)),
    onSuccess: () => {
      void refresh();
      onClose();
    },
  });
  const dirty = name !== file.name;
  const guard = useDiscardGuard(dirty, onClose);
  const submit = () => {
    if (name.trim()) rename.mutate(name.trim());
  };
  return (
    <FormDialog
      guard={guard}
      title={t('drive:rename.title')}
      onSubmit={submit}
      onClose={() => void guard.requestClose()}
      submitLabel={t('app:actions.save')}
      submitDisabled={!name.trim() || !dirty || rename.isPending}
    >
      <FormAlert error={rename.error} />
      <Field
        label={t('drive:rename.label')}
        required
        validationMessage={fieldError(rename.error, 'name')}
      >
        <Input
          value={name}
          maxLength={DRIVE_NAME_MAX}
          onChange={(_e, data) => setName(data.value)}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
