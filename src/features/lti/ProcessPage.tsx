import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ProcessResult } from '@contracts/lti';
import { currentUserKey } from '@/lib/current-user';
import { settleLanguageAfterSignIn } from '@/app/language';
import { FormAlert } from '@/components/FormAlert';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { withApiError, type ApiError } from '@/lib/http';
import { ltiApi, ltiKeys } from './api';
import { useSignInAgain } from './sign-in-again';
import { useLtiPageStyles } from './page-styles';
import { LaunchMessage } from './LaunchMessage';

/**
 * The launch handle the server put in the fragment (never sent to a server by the browser).
 * Kept for the page's life: signing in changes the layout and mounts this page again, after
 * the fragment is gone, and the query's cached answer is found by the same handle.
 */
let lastHandle = '';
function takeHandle(): string {
  const match = /launch=([\w-]+)/.exec(window.location.hash);
  if (match) lastHandle = match[1];
  return lastHandle;
}

/**
 * The answer to each handle, kept: a handle is spent once, and the page stays up while the
 * person chooses (new account or link), long enough for the live connection's refresh of
 * everything to ask again.
 */
const answers = new Map<string, Promise<ProcessResult>>();
function processOnce(plugin: string, handle: string): Promise<ProcessResult> {
  let answer = answers.get(handle);
  if (!answer) {
    answer = withApiError(() => ltiApi.process(plugin, handle));
    answers.set(handle, answer);
  }
  return answer;
}

/**
 * /lti/process/:plugin: finishes a launch from a learning platform. The server validated the
 * launch and left a one-time handle; this page spends it (POST core/lti/:id/process), keeps
 * the session and goes to the course's workspace, or shows the content picker of a deep link.
 */
export default function ProcessPage() {
  const { t } = useTranslation('lti');
  const { plugin = '' } = useParams();
  const [handle] = useState(takeHandle);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = useRef(false);
  const signInAgain = useSignInAgain();
  /** The person chose to go on with the account the launch made (when it offered a link). */
  const [keepNew, setKeepNew] = useState(false);
  const result = useQuery<ProcessResult, ApiError>({
    queryKey: ltiKeys.process(plugin, handle),
    queryFn: () => processOnce(plugin, handle),
    enabled: Boolean(handle),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    // The handle is spent: keep it out of the history.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  useEffect(() => {
    const data = result.data;
    if (!data?.user || done.current) return;
    done.current = true;
    queryClient.setQueryData(currentUserKey, data.user);
    void settleLanguageAfterSignIn(queryClient, data.user);
  }, [result.data, queryClient]);

  const data = result.data;
  const waitingForChoice = Boolean(data?.link_offered) && !keepNew;
  useEffect(() => {
    if (!data?.user || data.deep_linking || waitingForChoice) return;
    navigate(data.redirect, { replace: true });
  }, [data, waitingForChoice, navigate]);

  if (!handle) {
    return (
      <LaunchMessage title={t('process.no_launch_title')} description={t('process.no_launch')} />
    );
  }
  if (result.error) {
    return (
      <LaunchMessage
        title={t('process.failed_title')}
        description={<FormAlert error={result.error} />}
      />
    );
  }
  if (!data) return <FullPageSpinner label={t('process.signing_in')} />;
  if (data.sign_in_required) {
    return (
      <LaunchMessage
        title={t('process.sign_in_required_title')}
        description={t('process.sign_in_required')}
        actions={
          <Button appearance="primary" onClick={() => signInAgain(data.redirect)}>
            {t('process.to_sign_in_continue')}
          </Button>
        }
      />
    );
  }
  if (data.user && waitingForChoice) {
    const name = `${data.user.first_name} ${data.user.last_name}`.trim();
    const platform = data.platform_name;
    return (
      <LaunchMessage
        title={t('process.new_account_title')}
        description={
          name
            ? t('process.new_account_named', { platform, name })
            : t('process.new_account', { platform })
        }
        actions={
          <>
            <Button appearance="primary" onClick={() => setKeepNew(true)}>
              {t('process.continue_new')}
            </Button>
            <Button onClick={() => signInAgain(`/lti/link/${plugin}`)}>
              {t('process.link_existing')}
            </Button>
          </>
        }
      />
    );
  }
  if (data.two_factor_required) {
    return (
      <LaunchMessage
        title={t('process.two_factor_title')}
        description={t('process.two_factor')}
        actions={
          <Button appearance="primary" onClick={() => navigate('/signin')}>
            {t('process.to_sign_in')}
          </Button>
        }
      />
    );
  }
  if (data.deep_linking) {
    return (
      <DeepLinkPicker
        launchId={data.deep_linking.launch_id}
        workspaceId={data.deep_linking.workspace_id}
      />
    );
  }
  return <FullPageSpinner label={t('process.opening')} />;
}

type Kind = 'task' | 'assessment' | 'team_formation';

/** Deep Linking 2.0: the teacher picks what to place in the course. */
function DeepLinkPicker({
  launchId,
  workspaceId,
}: {
  launchId: number;
  workspaceId: number | null;
}) {
  const { t } = useTranslation('lti');
  const styles = useLtiPageStyles();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('task');
  const [taskId, setTaskId] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const [response, setResponse] = useState<{ jwt: string } | null>(null);
  const tasks = useQuery({
    queryKey: ltiKeys.tasks(workspaceId ?? 0),
    queryFn: () => ltiApi.tasks(workspaceId!),
    enabled: workspaceId !== null,
  });
  const send = useMutation<{ jwt: string }, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        ltiApi.deepLink({
          launch_id: launchId,
          items: [
            {
              type: kind,
              ...(kind === 'task' && taskId ? { id: taskId } : {}),
              title: title.trim() || defaultTitle(),
            },
          ],
        }),
      ),
    onSuccess: (data) => {
      setResponse(data);
      void queryClient.invalidateQueries({ queryKey: ltiKeys.all });
    },
  });
  useEffect(() => {
    if (response) formRef.current?.submit();
  }, [response]);

  function defaultTitle() {
    if (kind === 'task') {
      return tasks.data?.find((task) => task.id === taskId)?.name ?? t('deep_link.kinds.task');
    }
    return t(`deep_link.kinds.${kind}`);
  }

  const ready = kind !== 'task' || taskId !== null;
  return (
    <div className={styles.root}>
      <Text as="h1" size={700} weight="semibold">
        {t('deep_link.title')}
      </Text>
      <Text>{t('deep_link.intro')}</Text>
      <Field label={t('deep_link.what')}>
        <RadioGroup value={kind} onChange={(_e, d) => setKind(d.value as Kind)}>
          <Radio value="task" label={t('deep_link.kinds.task')} />
          <Radio value="assessment" label={t('deep_link.kinds.assessment')} />
          <Radio value="team_formation" label={t('deep_link.kinds.team_formation')} />
        </RadioGroup>
      </Field>
      {kind === 'task' && (
        <Field
          label={t('deep_link.task')}
          validationMessage={tasks.isError ? t('deep_link.tasks_failed') : undefined}
        >
          {tasks.isPending && workspaceId !== null ? (
            <Spinner size="tiny" label={t('deep_link.loading_tasks')} />
          ) : (
            <Dropdown
              placeholder={tasks.data?.length ? t('deep_link.pick_task') : t('deep_link.no_tasks')}
              disabled={!tasks.data?.length}
              onOptionSelect={(_e, d) => setTaskId(Number(d.optionValue))}
            >
              {(tasks.data ?? []).map((task) => (
                <Option key={task.id} value={String(task.id)}>
                  {task.name}
                </Option>
              ))}
            </Dropdown>
          )}
        </Field>
      )}
      <Field label={t('deep_link.link_title')} hint={t('deep_link.link_title_hint')}>
        <Input value={title} maxLength={300} onChange={(_e, d) => setTitle(d.value)} />
      </Field>
      <FormAlert error={send.error} />
      <div>
        <Button
          appearance="primary"
          disabled={!ready || send.isPending || response !== null}
          onClick={() => send.mutate()}
        >
          {send.isPending || response ? t('deep_link.sending') : t('deep_link.place')}
        </Button>
      </div>
      {response && (
        <form ref={formRef} method="post" action="/api/v2/core/lti/deep-link/return">
          <input type="hidden" name="launch_id" value={launchId} />
          <input type="hidden" name="JWT" value={response.jwt} />
        </form>
      )}
    </div>
  );
}
