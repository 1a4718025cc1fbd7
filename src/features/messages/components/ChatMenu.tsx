import { Button, MenuItem, Tooltip } from '@fluentui/react-components';
import {
  AlertOffRegular,
  AlertRegular,
  MoreVerticalRegular,
  PeopleSettingsRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagingApi, useRefreshChats, type ChatDetail } from '../api';
import { chatDock } from '../dock';
import { GroupDialog } from './GroupDialog';
import { useConfirm } from '@/components/ConfirmDialog';
import { ButtonMenu } from '@/components/ButtonMenu';

/** A chat's actions: mute, group settings (admins), leave (spec 4: leaving closes its window). */
export function ChatMenu({ chat }: { chat: ChatDetail }) {
  const { t } = useTranslation('messages');
  const refresh = useRefreshChats();
  const [editing, setEditing] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const active = chat.leave_at === null;
  if (!active) return null;
  return (
    <>
      <ButtonMenu
        trigger={
          <Tooltip content={t('chat_actions')} relationship="label">
            <Button appearance="subtle" icon={<MoreVerticalRegular />} />
          </Tooltip>
        }
      >
        <MenuItem
          icon={chat.is_mute ? <AlertRegular /> : <AlertOffRegular />}
          onClick={async () => {
            await messagingApi.mute(chat.id, !chat.is_mute).catch(() => undefined);
            refresh(chat.id);
          }}
        >
          {chat.is_mute ? t('unmute') : t('mute')}
        </MenuItem>
        {chat.kind !== 'user' && chat.is_admin && (
          <MenuItem icon={<PeopleSettingsRegular />} onClick={() => setEditing(true)}>
            {t('group.settings')}
          </MenuItem>
        )}
        {chat.kind !== 'user' && (
          <MenuItem
            icon={<SignOutRegular />}
            onClick={async () => {
              const agreed = await confirm({
                message: t('leave_confirm'),
                confirmLabel: t('leave'),
              });
              if (!agreed) return;
              await messagingApi.leave(chat.id).catch(() => undefined);
              chatDock.remove(chat.id);
              refresh(chat.id);
            }}
          >
            {t('leave')}
          </MenuItem>
        )}
      </ButtonMenu>
      {editing && <GroupDialog open chat={chat} onClose={() => setEditing(false)} />}
      {confirmDialog}
    </>
  );
}
