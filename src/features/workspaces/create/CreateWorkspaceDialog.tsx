import {
  Button,
  Card,
  CardHeader,
  DialogActions,
  DialogContent,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  BriefcaseRegular,
  BuildingRegular,
  HatGraduationRegular,
  PeopleRegular,
  PuzzlePieceRegular,
} from '@fluentui/react-icons';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WORKSPACE_TYPES, type WorkspaceType } from '@contracts/workspaces';
import { FormAlert } from '@/components/FormAlert';
import { BasicInformationFields } from './BasicInformationFields';
import { useCreateWorkspaceForm } from './use-create-workspace';
import { useDiscardGuard } from '@/components/discard-guard';
import { column, tileGrid } from '@/lib/styles';
import { DialogFrame } from '@/components/DialogFrame';

export const TYPE_ICONS: Record<WorkspaceType, ReactElement> = {
  course: <HatGraduationRegular />,
  general: <PeopleRegular />,
  recruit: <BriefcaseRegular />,
  organization: <BuildingRegular />,
  generalized: <PuzzlePieceRegular />,
};

const useStyles = makeStyles({
  types: {
    ...tileGrid('200px'),
    gap: tokens.spacingHorizontalM,
  },
  form: { ...column, gap: tokens.spacingVerticalM },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
});

function BasicInformationStep({
  type,
  onBack,
  onCancel,
}: {
  type: WorkspaceType;
  onBack: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { value, setValue, create, onSubmit } = useCreateWorkspaceForm(type);
  const fieldErrors = ['name', 'description', 'start_date', 'end_date'];
  const general =
    create.error && !fieldErrors.some((f) => create.error?.fields[f]) ? create.error : null;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <DialogContent className={styles.form}>
        <Text>
          {t('workspaces:create.basic_information_of', { type: t(`workspaces:types.${type}`) })}
        </Text>
        <FormAlert error={general} />
        <BasicInformationFields value={value} onChange={setValue} error={create.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>{t('workspaces:create.back')}</Button>
        <Button onClick={onCancel}>{t('app:actions.cancel')}</Button>
        <Button type="submit" appearance="primary" disabled={create.isPending}>
          {t('workspaces:create.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Creating a workspace (tour: "choose a workspace type, enter basic information and press
 * next"): the type first, then its basic information; a generalized workspace continues in
 * its own three steps.
 */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<WorkspaceType | null>(null);
  const close = () => {
    setType(null);
    onClose();
  };
  const choose = (chosen: WorkspaceType) => {
    if (chosen === 'generalized') {
      close();
      navigate('/workspaces/generalized/basic-information');
      return;
    }
    setType(chosen);
  };
  const guard = useDiscardGuard(type !== null, close);
  return (
    <DialogFrame open={open} guard={guard} title={t('workspaces:create.title')}>
      {type ? (
        <BasicInformationStep type={type} onBack={() => setType(null)} onCancel={close} />
      ) : (
        <>
          <DialogContent>
            <div
              className={styles.types}
              role="list"
              aria-label={t('workspaces:create.choose_type')}
            >
              {WORKSPACE_TYPES.map((option) => (
                <Card
                  key={option}
                  role="listitem"
                  onClick={() => choose(option)}
                  data-workspace-type={option}
                  focusMode="off"
                >
                  <CardHeader
                    image={<span className={styles.icon}>{TYPE_ICONS[option]}</span>}
                    header={
                      <Button
                        appearance="transparent"
                        onClick={(event) => {
                          event.stopPropagation();
                          choose(option);
                        }}
                      >
                        <Text weight="semibold">{t(`workspaces:types.${option}`)}</Text>
                      </Button>
                    }
                    description={<Text size={200}>{t(`workspaces:type_hints.${option}`)}</Text>}
                  />
                </Card>
              ))}
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('app:actions.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </DialogFrame>
  );
}
