import { Button, Field, Input, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_NAME } from '@contracts/messaging';
import { useSignedInUser } from '@/lib/current-user';
import { PeoplePicker } from '@/components/PeoplePicker';
import { messagingApi, useRefreshChats, type ChatDetail } from '../api';
import { messageKeys } from '../keys';
import { useDiscardGuard } from '@/components/discard-guard';
import { SimpleDialog } from '@/components/SimpleDialog';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  content: { ...column, gap: tokens.spacingVerticalM },
});

/** Makes a group chat, or changes one (name, members, admins, who may send). */
export function GroupDialog({
  open,
  onClose,
  chat,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  chat?: ChatDetail;
  onSaved?: (chat: ChatDetail) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const me = useSignedInUser();
  const refresh = useRefreshChats();
  const current = chat?.members.filter((m) => !m.left) ?? [];
  const [name, setName] = useState(chat?.name ?? '');
  const [members, setMembers] = useState<number[]>(
    current.map((m) => m.id).filter((id) => id !== me.id),
  );
  const [admins, setAdmins] = useState<number[]>(
    current.filter((m) => m.is_admin).map((m) => m.id),
  );
  const [everyoneSends, setEveryoneSends] = useState(chat?.send_message_permission ?? true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const people = useQuery({
    queryKey: messageKeys.people,
    queryFn: async () => {
      const all = [];
      // Paged until a page is empty (spec 5).
      for (let page = 1; page <= 10; page += 1) {
        const found = (await messagingApi.search('', page)).people;
        if (found.length === 0) break;
        all.push(...found);
      }
      return all;
    },
    enabled: open,
  });
  const choices = [...(people.data ?? []), ...current.filter((m) => m.id !== me.id)].filter(
    (p, i, list) => list.findIndex((q) => q.id === p.id) === i,
  );

  const save = async () => {
    if (!name.trim()) return setError(t('group.name_required'));
    setSaving(true);
    try {
      const saved = chat
        ? await messagingApi.editGroup({
            chat_id: chat.id,
            name: name.trim(),
            user_ids: members,
            admin_ids: admins.filter((id) => id === me.id || members.includes(id)),
            send_message_permission: everyoneSends,
          })
        : await messagingApi.createGroup({ name: name.trim(), user_ids: members });
      refresh(saved.id);
      onSaved?.(saved);
      onClose();
    } catch {
      // The client's notices say why.
    } finally {
      setSaving(false);
    }
  };

  const guard = useDiscardGuard(name !== (chat?.name ?? ''), onClose);
  return (
    <SimpleDialog
      open={open}
      guard={guard}
      title={chat ? t('group.edit_title') : t('group.new_title')}
      contentClassName={styles.content}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            appearance="primary"
            disabled={saving || members.length === 0}
            onClick={() => void save()}
          >
            {chat ? t('save') : t('group.create')}
          </Button>
        </>
      }
    >
      <Field label={t('group.name')} required validationMessage={error}>
        <Input
          value={name}
          maxLength={MAX_CHAT_NAME}
          onChange={(_, d) => {
            setName(d.value);
            setError(undefined);
          }}
        />
      </Field>
      <PeoplePicker
        label={t('group.members')}
        people={choices}
        selected={members}
        onChange={setMembers}
      />
      {chat && (
        <>
          <PeoplePicker
            label={t('group.admins')}
            people={choices.filter((p) => members.includes(p.id))}
            selected={admins.filter((id) => id !== me.id)}
            onChange={(ids) => setAdmins([me.id, ...ids])}
          />
          <Switch
            checked={everyoneSends}
            label={t('group.everyone_sends')}
            onChange={(_, d) => setEveryoneSends(d.checked)}
          />
        </>
      )}
    </SimpleDialog>
  );
}
