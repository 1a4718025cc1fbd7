import {
  Button,
  Caption1,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, SendRegular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';
import { apiErrorOf } from '@/lib/http';
import { ASSISTANT_QUESTION_MAX, assistantApi, assistantKeys, type AssistantAnswer } from './api';
import { visuallyHidden, column } from '@/lib/styles';

const useStyles = makeStyles({
  /** Spec 2.7 and 9: a third of the width, 45% under 920 px; the whole width on phones. */
  drawer: {
    width: '33.333vw',
    minWidth: '320px',
    // Ranges that do not overlap: the order Griffel writes media queries in decides nothing.
    '@media (min-width: 600px) and (max-width: 919px)': { width: '45vw' },
    '@media (max-width: 599px)': { width: '100vw', minWidth: 0, maxWidth: '100vw' },
  },
  /** The body scrolls: its parts keep their height instead of shrinking over each other. */
  body: {
    ...column,
    gap: tokens.spacingVerticalM,
    '& > *': { flexShrink: 0 },
  },
  log: { ...column, gap: tokens.spacingVerticalM },
  question: {
    alignSelf: 'flex-end',
    maxWidth: '85%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    overflowWrap: 'anywhere',
  },
  answer: {
    ...column,
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    overflowWrap: 'anywhere',
  },
  refused: { borderLeft: `3px solid ${tokens.colorPaletteMarigoldBorder2}` },
  items: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  item: { marginBottom: tokens.spacingVerticalXXS },
  detail: { color: tokens.colorNeutralForeground3, display: 'block' },
  examples: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  form: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', width: '100%' },
  field: { flexGrow: 1, minWidth: 0 },
  srOnly: visuallyHidden,
});

interface Exchange {
  id: number;
  question: string;
  answer?: AssistantAnswer;
  error?: string;
}

const EXAMPLE_INTENTS = ['due_this_week', 'team_balance', 'assessment_summary'] as const;

function AnswerView({ answer }: { answer: AssistantAnswer }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={answer.refused ? `${styles.answer} ${styles.refused}` : styles.answer}>
      <Text>{answer.text}</Text>
      {answer.items.length > 0 && (
        <ul className={styles.items}>
          {answer.items.map((item, i) => (
            <li key={i} className={styles.item}>
              {item.href ? <RouterLink to={item.href}>{item.label}</RouterLink> : item.label}
              {item.detail && <Caption1 className={styles.detail}>{item.detail}</Caption1>}
            </li>
          ))}
        </ul>
      )}
      {answer.link && <RouterLink to={answer.link.href}>{answer.link.label}</RouterLink>}
      {answer.source === 'model' && (
        <Caption1 className={styles.detail}>{t('assistant:by_model')}</Caption1>
      )}
    </div>
  );
}

/**
 * The team assistant (issue 34): a side panel where a person asks about the workspace in plain
 * words. Answers arrive in a live region (role log), so screen readers read each one out.
 */
export default function AssistantPanel({
  workspaceId,
  onClose,
}: {
  workspaceId: number;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const status = useQuery({
    queryKey: assistantKeys.status(workspaceId),
    queryFn: () => assistantApi.status(workspaceId),
  });
  const asking = useMutation({
    mutationFn: (text: string) => assistantApi.ask(workspaceId, text),
  });

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [exchanges]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || asking.isPending) return;
    const id = Date.now();
    setExchanges((list) => [...list, { id, question: trimmed }]);
    setQuestion('');
    asking.mutate(trimmed, {
      onSuccess: (answer) =>
        setExchanges((list) => list.map((e) => (e.id === id ? { ...e, answer } : e))),
      onError: (error) => {
        const messages = apiErrorOf(error).messages;
        setExchanges((list) =>
          list.map((e) =>
            e.id === id
              ? { ...e, error: messages.length ? messages.join(' ') : t('assistant:failed') }
              : e,
          ),
        );
      },
      onSettled: () => input.current?.focus(),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(question);
  };

  return (
    <OverlayDrawer
      open
      position="end"
      modalType="non-modal"
      className={styles.drawer}
      onOpenChange={(_, data) => !data.open && onClose()}
      aria-labelledby="assistant-title"
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ id: 'assistant-title' }}
          action={
            <Button
              appearance="subtle"
              aria-label={t('assistant:close')}
              icon={<DismissRegular />}
              onClick={onClose}
            />
          }
        >
          {t('assistant:title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Text>{t('assistant:intro')}</Text>
        {status.data && (
          <MessageBar intent={status.data.model_configured ? 'success' : 'info'}>
            <MessageBarBody>
              {t(status.data.model_configured ? 'assistant:model_on' : 'assistant:rules_only')}
            </MessageBarBody>
          </MessageBar>
        )}
        {exchanges.length === 0 && (
          <div>
            <Text weight="semibold">{t('assistant:try')}</Text>
            <div className={styles.examples}>
              {EXAMPLE_INTENTS.map((intent) => (
                <Button
                  key={intent}
                  size="small"
                  shape="circular"
                  onClick={() => send(t(`assistant:examples.${intent}`))}
                >
                  {t(`assistant:examples.${intent}`)}
                </Button>
              ))}
            </div>
            <Caption1 className={styles.detail}>
              {t('assistant:examples.not_submitted')} · {t('assistant:examples.team_candidates')}
            </Caption1>
          </div>
        )}
        <div
          role="log"
          aria-live="polite"
          aria-label={t('assistant:conversation')}
          className={styles.log}
          data-testid="assistant-log"
        >
          {exchanges.map((exchange) => (
            <div key={exchange.id} className={styles.log}>
              <div className={styles.question}>
                <span className={styles.srOnly}>{t('assistant:you')}: </span>
                {exchange.question}
              </div>
              {exchange.answer && <AnswerView answer={exchange.answer} />}
              {exchange.error && (
                <MessageBar intent="error">
                  <MessageBarBody>{exchange.error}</MessageBarBody>
                </MessageBar>
              )}
              {!exchange.answer && !exchange.error && (
                <Spinner size="tiny" label={t('assistant:asking')} labelPosition="after" />
              )}
            </div>
          ))}
          <div ref={end} />
        </div>
      </DrawerBody>
      <DrawerFooter>
        <form className={styles.form} onSubmit={onSubmit}>
          <Field label={t('assistant:input_label')} className={styles.field}>
            <Input
              ref={input}
              value={question}
              maxLength={ASSISTANT_QUESTION_MAX}
              placeholder={t('assistant:placeholder')}
              onChange={(_, data) => setQuestion(data.value)}
              data-testid="assistant-input"
            />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            icon={<SendRegular />}
            disabled={asking.isPending || question.trim().length === 0}
          >
            {t('assistant:send')}
          </Button>
        </form>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
