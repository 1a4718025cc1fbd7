import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { TaskFile } from '@contracts/tasks';
import { formatFileSize } from '@/lib/file-size';
import { formatDateTime } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { useTaskPart } from '../hooks';
import { tasksApi, type TaskKind } from '../api';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  list: { ...column, gap: tokens.spacingVerticalS },
  files: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  meta: { color: tokens.colorNeutralForeground3 },
  body: { whiteSpace: 'pre-wrap' },
});

export function FileButton({
  kind,
  taskId,
  file,
}: {
  kind: TaskKind;
  taskId: number;
  file: TaskFile;
}) {
  return (
    <Button
      size="small"
      icon={<ArrowDownloadRegular />}
      onClick={async () => saveFile(await tasksApi.download(kind, taskId, file.id), file.name)}
    >
      {file.name} ({formatFileSize(file.size)})
    </Button>
  );
}

/** Submissions and answers the caller may read, oldest first, with their files. */
export function Answers({ kind, id }: { kind: TaskKind; id: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const answers = useTaskPart(kind, id, 'answers', tasksApi.answers);
  if (!answers.data) return null;
  if (answers.data.length === 0) return <Text>{t('tasks:answers.none')}</Text>;
  return (
    <div className={styles.list}>
      {answers.data.map((report) => (
        <Card key={report.id} appearance="outline">
          <Text weight="semibold">
            {t(`tasks:answers.kind.${report.kind}`, { name: report.author.name })}
          </Text>
          <Text size={200} className={styles.meta}>
            {formatDateTime(report.created_at)}
          </Text>
          {report.body && <Text className={styles.body}>{report.body}</Text>}
          {report.files.length > 0 && (
            <div className={styles.files}>
              {report.files.map((file) => (
                <FileButton key={file.id} kind={kind} taskId={id} file={file} />
              ))}
            </div>
          )}
        </Card>
      ))}
    </div>
  );
}
