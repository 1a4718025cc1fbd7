import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowLeftRegular, WindowNewRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { useIsMobile } from '@/lib/device';
import { ChatList } from '../components/ChatList';
import { Conversation } from '../components/Conversation';
import { chatDock } from '../dock';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'minmax(240px, 320px) 1fr',
    height: 'calc(100vh - 120px)',
    minHeight: '360px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  single: { gridTemplateColumns: '1fr' },
  list: { borderRight: `1px solid ${tokens.colorNeutralStroke2}`, minHeight: 0 },
  pane: { minHeight: 0, minWidth: 0 },
});

/** /messages (spec 2.1): the chat list beside the open conversation (one at a time on phones). */
export default function MessagesPage() {
  const styles = useStyles();
  const { t } = useTranslation('messages');
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('chat')) || null;
  const select = (id: number | null) => setParams(id ? { chat: String(id) } : {});

  const list = (
    <div className={styles.list}>
      <ChatList selected={selected} onSelect={select} />
    </div>
  );
  const conversation = selected ? (
    <div className={styles.pane}>
      <Conversation
        key={selected}
        chatId={selected}
        leading={
          isMobile && (
            <Tooltip content={t('back')} relationship="label">
              <Button
                appearance="subtle"
                icon={<ArrowLeftRegular />}
                onClick={() => select(null)}
              />
            </Tooltip>
          )
        }
        headerActions={
          <Tooltip content={t('dock.pop_out')} relationship="label">
            <Button
              appearance="subtle"
              icon={<WindowNewRegular />}
              onClick={() => chatDock.add(selected)}
            />
          </Tooltip>
        }
      />
    </div>
  ) : (
    <div className={styles.pane}>
      <EmptyState title={t('pick.title')} description={t('pick.description')} />
    </div>
  );

  if (isMobile) {
    return (
      <div className={`${styles.root} ${styles.single}`}>{selected ? conversation : list}</div>
    );
  }
  return (
    <div className={styles.root}>
      {list}
      {conversation}
    </div>
  );
}
