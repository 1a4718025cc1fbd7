import { Spinner } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { useAccessToken } from '@/lib/session';
import { messagingApi } from '../api';

/**
 * /message (spec 2.1): a link to one chat — `?chat=`, a person (`?user=`), a task (`?task=`)
 * or a team (`?team=`) — resolved to the chat and opened in /messages.
 */
export default function MessagePage() {
  const { t } = useTranslation('messages');
  const [params] = useSearchParams();
  const signedIn = useAccessToken() !== null;
  const [target, setTarget] = useState<number | null | 'failed'>(null);
  const chat = Number(params.get('chat'));
  const user = Number(params.get('user'));
  const task = Number(params.get('task'));
  const team = Number(params.get('team'));

  useEffect(() => {
    if (!signedIn) return undefined;
    let live = true;
    const resolve = async () => {
      if (chat > 0) return chat;
      if (user > 0) return (await messagingApi.userChat(user)).id;
      if (task > 0) return (await messagingApi.linkToModel('task', task)).id;
      if (team > 0) return (await messagingApi.linkToModel('team', team)).id;
      throw new Error('nothing to open');
    };
    resolve().then(
      (id) => live && setTarget(id),
      () => live && setTarget('failed'),
    );
    return () => {
      live = false;
    };
  }, [signedIn, chat, user, task, team]);

  if (!signedIn) return <EmptyState title={t('sign_in_to_open')} />;
  if (target === 'failed') return <EmptyState title={t('errors.chat')} />;
  if (target === null) return <Spinner label={t('loading')} />;
  return <Navigate to={`/messages?chat=${target}`} replace />;
}
