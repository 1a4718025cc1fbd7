import { Button } from '@fluentui/react-components';
import { ChatRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagingApi, useRefreshChats } from '../api';
import { chatDock } from '../dock';

/** Opens the chat of a task or team in a docked window (made on first use). */
export function ModelChatButton({
  modelType,
  modelId,
}: {
  modelType: 'task' | 'team';
  modelId: number;
}) {
  const { t } = useTranslation('messages');
  const refresh = useRefreshChats();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<ChatRegular />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const chat = await messagingApi.linkToModel(modelType, modelId);
          refresh(chat.id);
          chatDock.add(chat.id);
        } catch {
          // The client's notices say why.
        } finally {
          setBusy(false);
        }
      }}
    >
      {modelType === 'task' ? t('task_chat') : t('team_chat')}
    </Button>
  );
}
