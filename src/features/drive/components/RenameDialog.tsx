import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DRIVE_NAME_MAX } from '@contracts/drive';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { driveApi, type DriveFile } from '../api';
import { useDriveRefresh } from '../hooks';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate(name.trim());
  };
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogSurface>
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>{t('drive:rename.title')}</DialogTitle>
            <DialogContent>
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
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => void guard.requestClose()}>
                {t('app:actions.cancel')}
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabled={!name.trim() || !dirty || rename.isPending}
              >
                {t('app:actions.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
        {guard.confirmDialog}
      </DialogSurface>
    </Dialog>
  );
}
