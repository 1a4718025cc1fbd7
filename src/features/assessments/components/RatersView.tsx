import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Button,
  makeStyles,
  Text,
  tokens,
  useId,
} from '@fluentui/react-components';
import { AddRegular, AlertRegular, DeleteRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assessment, Evaluable, RaterGroup } from '@contracts/assessments';
import { useConfirm } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { PeoplePicker } from '@/components/PeoplePicker';
import type { ApiError } from '@/lib/http';
import { assessmentsApi } from '../api';
import { assessmentKeys } from '../keys';
import { useDiscardGuard } from '@/components/discard-guard';
import { useAssessmentMutation } from '../hooks';
import { Busy } from '@/components/Busy';
import { FormDialog } from '@/components/FormDialog';
import { columnList, column, wrappingRow } from '@/lib/styles';
import { Notice } from '@/components/Notice';
import { RadioField } from '@/components/RadioField';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM },
  bar: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  list: { ...columnList, gap: tokens.spacingVerticalXS },
  // One rater a line; on a phone the badges and buttons wrap under the name.
  row: {
    ...wrappingRow,
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  name: { flexGrow: 1, minWidth: '140px', overflowWrap: 'anywhere' },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: tokens.spacingHorizontalS,
  },
  dialog: { ...column, gap: tokens.spacingVerticalM },
});

const STATUS_COLOR = { pending: 'informative', draft: 'warning', submitted: 'success' } as const;

function ProgressBadge({ status }: { status: Evaluable['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status]}>
      {t(`assessments:raters.status.${status}`)}
    </Badge>
  );
}

/**
 * Who assesses whom (issue 27): every rater by name with how far they are (not started, in
 * progress, handed in), never what they said; reminders for those who have not handed in;
 * raters added one at a time, and removed while they have handed in nothing.
 */
export function RatersView({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const id = assessment.id;
  const open = assessment.status === 'open';
  const [adding, setAdding] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const titleId = useId('raters');
  const waitingId = useId('waiting');
  const pairs = useQuery({
    queryKey: assessmentKeys.evaluables(id),
    queryFn: () => assessmentsApi.evaluables(id),
  });
  const act = useAssessmentMutation((call: () => Promise<unknown>) => call());

  if (pairs.isError) {
    return <Notice intent="error">{t('assessments:raters.load_failed')}</Notice>;
  }
  if (!pairs.data) return <Busy />;
  const all = pairs.data;
  const people = new Map<number, { person: Evaluable['evaluatee']; raters: Evaluable[] }>();
  for (const pair of all) {
    const entry = people.get(pair.evaluatee.id) ?? { person: pair.evaluatee, raters: [] };
    entry.raters.push(pair);
    people.set(pair.evaluatee.id, entry);
  }
  const byName = [...people.values()].sort((a, b) => a.person.name.localeCompare(b.person.name));
  const waitingFor = new Map<number, { person: Evaluable['assessor']; left: number }>();
  for (const pair of all) {
    if (pair.status === 'submitted') continue;
    const entry = waitingFor.get(pair.assessor.id) ?? { person: pair.assessor, left: 0 };
    entry.left += 1;
    waitingFor.set(pair.assessor.id, entry);
  }
  const submitted = all.filter((p) => p.status === 'submitted').length;
  const remove = async (pair: Evaluable) => {
    const names = { name: pair.assessor.name, person: pair.evaluatee.name };
    const agreed = await confirm({
      message: t('assessments:raters.remove_confirm', names),
      confirmLabel: t('assessments:raters.remove'),
    });
    if (agreed)
      act.mutate(() => assessmentsApi.removeRater(id, pair.assessor.id, pair.evaluatee.id));
  };

  return (
    <section className={styles.root} aria-labelledby={titleId}>
      <div className={styles.bar}>
        <Text as="h2" id={titleId} size={500} weight="semibold" className={styles.grow}>
          {t('assessments:raters.title')}
        </Text>
        {assessment.permissions.manage && (
          <Button icon={<AddRegular />} onClick={() => setAdding(true)}>
            {t('assessments:raters.add')}
          </Button>
        )}
      </div>
      <Text>
        {t('assessments:raters.summary', { submitted, total: all.length })}{' '}
        {assessment.named
          ? t('assessments:raters.named_note')
          : t('assessments:raters.anonymous_note')}
      </Text>
      {all.length === 0 ? (
        <Notice intent="warning">{t('assessments:raters.none')}</Notice>
      ) : (
        <>
          {waitingFor.size === 0 ? (
            <Text>{t('assessments:raters.everyone_done')}</Text>
          ) : (
            <section aria-labelledby={waitingId}>
              <div className={styles.bar}>
                <Text as="h3" id={waitingId} weight="semibold" className={styles.grow}>
                  {t('assessments:raters.waiting_title', { count: waitingFor.size })}
                </Text>
                {open && assessment.permissions.manage && (
                  <Button
                    icon={<AlertRegular />}
                    disabled={act.isPending}
                    onClick={() => act.mutate(() => assessmentsApi.remindAll(id))}
                  >
                    {t('assessments:raters.remind_all')}
                  </Button>
                )}
              </div>
              <ul className={styles.list}>
                {[...waitingFor.values()]
                  .sort((a, b) => a.person.name.localeCompare(b.person.name))
                  .map(({ person, left }) => (
                    <li key={person.id} className={styles.row}>
                      <Text className={styles.name}>{person.name}</Text>
                      <Text size={200}>{t('assessments:raters.left', { count: left })}</Text>
                      {open && assessment.permissions.manage && (
                        <Button
                          size="small"
                          disabled={act.isPending}
                          aria-label={t('assessments:raters.remind_label', { name: person.name })}
                          onClick={() => act.mutate(() => assessmentsApi.remind(id, person.id))}
                        >
                          {t('assessments:raters.remind')}
                        </Button>
                      )}
                    </li>
                  ))}
              </ul>
            </section>
          )}
          <Text as="h3" weight="semibold">
            {t('assessments:raters.by_person')}
          </Text>
          <Accordion
            multiple
            collapsible
            defaultOpenItems={byName.length <= 3 ? byName.map((e) => e.person.id) : []}
          >
            {byName.map(({ person, raters }) => (
              <AccordionItem key={person.id} value={person.id}>
                <AccordionHeader>
                  <span className={styles.header}>
                    <span>{person.name}</span>
                    <Text size={200}>
                      {t('assessments:raters.summary', {
                        submitted: raters.filter((r) => r.status === 'submitted').length,
                        total: raters.length,
                      })}
                    </Text>
                  </span>
                </AccordionHeader>
                <AccordionPanel>
                  <ul
                    className={styles.list}
                    aria-label={t('assessments:raters.of_person', { name: person.name })}
                  >
                    {raters.map((pair) => (
                      <li key={pair.id} className={styles.row}>
                        <Text className={styles.name}>
                          {pair.rater_group === 'self'
                            ? t('assessments:raters.self', { name: pair.assessor.name })
                            : pair.assessor.name}
                        </Text>
                        <Text size={200}>{t(`assessments:groups.${pair.rater_group}`)}</Text>
                        <ProgressBadge status={pair.status} />
                        {assessment.permissions.manage && pair.status !== 'submitted' && (
                          <Button
                            size="small"
                            appearance="subtle"
                            icon={<DeleteRegular />}
                            disabled={act.isPending}
                            aria-label={t('assessments:raters.remove_label', {
                              name: pair.assessor.name,
                              person: person.name,
                            })}
                            onClick={() => void remove(pair)}
                          />
                        )}
                      </li>
                    ))}
                  </ul>
                </AccordionPanel>
              </AccordionItem>
            ))}
          </Accordion>
          <Text size={200}>{t('assessments:raters.handed_in_stays')}</Text>
        </>
      )}
      {adding && <AddRaterDialog assessment={assessment} onClose={() => setAdding(false)} />}
      {confirmDialog}
    </section>
  );
}

const GROUPS: RaterGroup[] = ['peer', 'reviewer', 'other'];

/** One more rater for one person, in a group; Escape asks before dropping the choice. */
function AddRaterDialog({ assessment, onClose }: { assessment: Assessment; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [person, setPerson] = useState<number[]>([]);
  const [rater, setRater] = useState<number[]>([]);
  const [group, setGroup] = useState<RaterGroup>('peer');
  const members = useQuery({
    queryKey: assessmentKeys.members(assessment.workspace_id),
    queryFn: () => assessmentsApi.members(assessment.workspace_id),
  });
  const assessable = (members.data ?? []).filter((m) =>
    ['owner', 'admin', 'member'].includes(m.role),
  );
  // Anonymous: owners and admins read the reports, so they rate only themselves.
  const raters = assessable.filter(
    (m) => assessment.named || m.role === 'member' || m.id === person[0],
  );
  const add = useAssessmentMutation(() =>
    assessmentsApi.addRater(assessment.id, {
      assessor_id: rater[0],
      evaluatee_id: person[0],
      rater_group: rater[0] === person[0] ? 'self' : group,
    }),
  );
  const guard = useDiscardGuard(person.length > 0 || rater.length > 0, onClose);
  const error = (add.error as ApiError | null) ?? null;
  return (
    <FormDialog
      guard={guard}
      title={t('assessments:raters.add')}
      onSubmit={() => add.mutate(undefined, { onSuccess: onClose })}
      contentClassName={styles.dialog}
      onClose={onClose}
      submitLabel={t('assessments:raters.add_submit')}
      submitDisabled={add.isPending || !person.length || !rater.length}
    >
      <FormAlert error={error} />
      <PeoplePicker
        label={t('assessments:raters.person')}
        people={assessable}
        selected={person}
        onChange={(ids) => setPerson(ids.slice(-1))}
      />
      <PeoplePicker
        label={t('assessments:raters.rater')}
        people={raters}
        selected={rater}
        onChange={(ids) => setRater(ids.slice(-1))}
      />
      {rater[0] !== undefined && rater[0] === person[0] ? (
        <Text>{t('assessments:raters.self_group')}</Text>
      ) : (
        <RadioField
          label={t('assessments:raters.group')}
          value={group}
          choices={GROUPS}
          wordsOf={(g) => t(`assessments:groups.${g}`)}
          onChange={(g) => setGroup(g as RaterGroup)}
        />
      )}
    </FormDialog>
  );
}
