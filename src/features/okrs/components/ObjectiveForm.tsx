import { Button, Checkbox, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, LightbulbRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Objective } from '@contracts/okrs';
import { FormAlert } from '@/components/FormAlert';
import { PeoplePicker } from '@/components/PeoplePicker';
import type { ApiError } from '@/lib/http';
import { okrsApi, type NewKeyResultBody } from '../api';
import { okrKeys } from '../keys';
import {
  KeyResultKindField,
  keyResultValuesBody,
  keyResultValuesOf,
  KeyResultValueFields,
  NameField,
  numberOr,
  type KeyResultValues,
} from './KeyResultFields';
import { objectiveLink, useOkrMutation } from './ObjectiveBits';
import { DateField } from '@/components/DateField';
import { useDiscardGuard } from '@/components/discard-guard';
import { Busy } from '@/components/Busy';
import { FormDialog } from '@/components/FormDialog';
import { column, fieldGrid } from '@/lib/styles';
import { Notice } from '@/components/Notice';
import { TextField } from '@/components/TextField';
import { TextareaField } from '@/components/TextareaField';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  period: { ...fieldGrid('140px'), gap: tokens.spacingHorizontalM },
  keyResult: {
    ...fieldGrid('120px'),
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    minWidth: 0,
    '& .fui-Select': { minWidth: 0 },
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  wide: { gridColumn: '1 / -1' },
  suggestions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  tags: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  newTag: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  // A long form stays a popup over the page on phones, scrolling inside.
  // The surface's own padding (24 px each side) and a margin: the page shows around it.
  body: { maxHeight: 'calc(100dvh - 112px)' },
});

interface KeyResultDraft extends KeyResultValues {
  key: number;
  name: string;
}

let draftKey = 0;
const emptyDraft = (): KeyResultDraft => ({
  key: (draftKey += 1),
  name: '',
  ...keyResultValuesOf(),
});

function toBody(draft: KeyResultDraft): NewKeyResultBody {
  return {
    name: draft.name.trim(),
    ...keyResultValuesBody(draft),
    ...(draft.unit.trim() ? { unit: draft.unit.trim() } : {}),
  };
}

/** An ISO time as the date input's YYYY-MM-DD, or empty. */
const dayOf = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** The objective's tags (type objective): pick any, or make a new one on the spot. */
function TagChoice({
  workspaceId,
  selected,
  onChange,
}: {
  workspaceId: number;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tags = useQuery({
    queryKey: okrKeys.tags(workspaceId),
    queryFn: () => okrsApi.tags(workspaceId),
  });
  const [name, setName] = useState('');
  const make = useOkrMutation(() => okrsApi.createTag(workspaceId, name.trim()));
  const add = () =>
    make.mutate(undefined, {
      onSuccess: async ({ tag }) => {
        await queryClient.invalidateQueries({ queryKey: okrKeys.tags(workspaceId) });
        onChange([...selected, tag.id]);
        setName('');
      },
    });
  return (
    <Field label={t('okrs:fields.tags')}>
      <div className={styles.tags} role="group" aria-label={t('okrs:fields.tags')}>
        {(tags.data ?? []).map((tag) => (
          <Checkbox
            key={tag.id}
            label={tag.name}
            checked={selected.includes(tag.id)}
            onChange={(_, d) =>
              onChange(d.checked ? [...selected, tag.id] : selected.filter((id) => id !== tag.id))
            }
          />
        ))}
      </div>
      <div className={styles.newTag}>
        <TextField
          label={t('okrs:fields.new_tag')}
          validationMessage={(make.error as ApiError | null)?.messages[0]}
          value={name}
          maxLength={100}
          onChange={setName}
        />
        <Button icon={<AddRegular />} disabled={!name.trim() || make.isPending} onClick={add}>
          {t('okrs:actions.add_tag')}
        </Button>
      </div>
    </Field>
  );
}

/**
 * The create dialog (an objective with owners, a period, tags, a check-in cadence and its key
 * results in one call), or with `objective` the edit dialog of all but its key results.
 */
export function ObjectiveFormDialog({
  workspaceId,
  objective,
  onClose,
}: {
  workspaceId: number;
  objective?: Objective;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState(objective?.name ?? '');
  const [description, setDescription] = useState(objective?.description ?? '');
  const [owners, setOwners] = useState<number[]>(objective?.owners.map((p) => p.id) ?? []);
  const [start, setStart] = useState(dayOf(objective?.started_at));
  const [end, setEnd] = useState(dayOf(objective?.ended_at));
  const [cadence, setCadence] = useState(String(objective?.check_in_every_days ?? ''));
  const [tagIds, setTagIds] = useState<number[]>(objective?.tags.map((tag) => tag.id) ?? []);
  const [drafts, setDrafts] = useState<KeyResultDraft[]>([emptyDraft()]);
  const people = useQuery({
    queryKey: okrKeys.people(workspaceId),
    queryFn: () => okrsApi.people(workspaceId),
  });
  const pickable = (people.data?.users ?? []).filter((p) =>
    ['owner', 'admin', 'member'].includes(p.role),
  );
  const [asked, setAsked] = useState<string | null>(null);
  const suggestions = useQuery({
    queryKey: okrKeys.suggestions(workspaceId, asked),
    queryFn: () => okrsApi.suggestObjectives(workspaceId, asked ?? ''),
    enabled: asked !== null,
  });
  const create = useOkrMutation(() => {
    const fields = {
      name: name.trim(),
      description: description.trim() || null,
      owner_ids: owners,
      started_at: start || null,
      ended_at: end || null,
      check_in_every_days: numberOr(cadence) ?? null,
      tag_ids: tagIds,
    };
    return objective
      ? okrsApi.update(objective.id, { ...fields, workspace_id: workspaceId })
      : okrsApi.create(workspaceId, {
          ...fields,
          key_results: drafts.filter((d) => d.name.trim()).map(toBody),
        });
  });
  const error = create.error as ApiError | null;
  const fieldError = (field: string) => error?.fields[field]?.[0];
  const update = (key: number, change: Partial<KeyResultDraft>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const submit = () => {
    create.mutate(undefined, {
      onSuccess: (result) => {
        onClose();
        if (!objective) navigate(objectiveLink(workspaceId, result.objective.id));
      },
    });
  };
  const shownIndex = (key: number) =>
    drafts.filter((d) => d.name.trim()).findIndex((d) => d.key === key);

  const guard = useDiscardGuard(
    name.trim() !== (objective?.name ?? '') ||
      description.trim() !== (objective?.description ?? '').trim(),
    onClose,
  );
  return (
    <FormDialog
      guard={guard}
      title={objective ? t('okrs:form.edit_title') : t('okrs:form.title')}
      onSubmit={submit}
      bodyClassName={styles.body}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={objective ? t('okrs:actions.save') : t('okrs:actions.create')}
      submitDisabled={create.isPending}
    >
      <FormAlert error={error} />
      <NameField value={name} validationMessage={fieldError('name')} onChange={setName} />
      <div>
        <Button
          appearance="subtle"
          icon={<LightbulbRegular />}
          onClick={() => setAsked(name.trim())}
        >
          {t('okrs:suggest.ask')}
        </Button>
      </div>
      {asked !== null && suggestions.isFetching && <Busy size="tiny" />}
      {asked !== null && suggestions.data && (
        <>
          {!suggestions.data.ai_configured && (
            <Notice intent="info">{t('okrs:suggest.no_ai')}</Notice>
          )}
          {suggestions.data.suggestions.length === 0 ? (
            <Text size={200}>{t('okrs:suggest.none')}</Text>
          ) : (
            <div className={styles.suggestions} role="group" aria-label={t('okrs:suggest.label')}>
              {suggestions.data.suggestions.map((s) => (
                <Button
                  key={s.name}
                  size="small"
                  appearance="outline"
                  onClick={() => setName(s.name)}
                >
                  {s.name}
                </Button>
              ))}
            </div>
          )}
        </>
      )}
      <TextareaField
        label={t('okrs:fields.description')}
        value={description}
        onChange={setDescription}
      />
      <PeoplePicker
        label={t('okrs:fields.owners')}
        people={pickable}
        selected={owners}
        onChange={setOwners}
        error={fieldError('owner_ids')}
      />
      <div className={styles.period}>
        <DateField
          label={t('okrs:fields.started_at')}
          validationMessage={fieldError('started_at')}
          value={start}
          onChange={setStart}
        />
        <DateField
          label={t('okrs:fields.ended_at')}
          validationMessage={fieldError('ended_at')}
          value={end}
          onChange={setEnd}
        />
      </div>
      <TextField
        label={t('okrs:fields.cadence')}
        hint={t('okrs:fields.cadence_hint')}
        validationMessage={fieldError('check_in_every_days')}
        type="number"
        min={1}
        max={90}
        value={cadence}
        onChange={setCadence}
      />
      <TagChoice workspaceId={workspaceId} selected={tagIds} onChange={setTagIds} />
      {!objective && <Text weight="semibold">{t('okrs:fields.key_results')}</Text>}
      {!objective &&
        drafts.map((draft, i) => {
          const at = shownIndex(draft.key);
          const krError = (field: string) =>
            at >= 0 ? fieldError(`key_results.${at}.${field}`) : undefined;
          return (
            <fieldset key={draft.key} className={styles.keyResult} data-key-result-draft={i}>
              <TextField
                className={styles.wide}
                label={t('okrs:fields.key_result_name', { n: i + 1 })}
                validationMessage={krError('name')}
                value={draft.name}
                maxLength={200}
                onChange={(value) => update(draft.key, { name: value })}
              />
              <KeyResultKindField
                kind={draft.kind}
                onChange={(kind) => update(draft.key, { kind })}
              />
              <KeyResultValueFields
                values={draft}
                onChange={(change) => update(draft.key, change)}
                error={krError}
              />
              {drafts.length > 1 && (
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  onClick={() => setDrafts((all) => all.filter((d) => d.key !== draft.key))}
                >
                  {t('okrs:actions.remove_key_result')}
                </Button>
              )}
            </fieldset>
          );
        })}
      {!objective && (
        <Button
          appearance="secondary"
          icon={<AddRegular />}
          onClick={() => setDrafts((all) => [...all, emptyDraft()])}
        >
          {t('okrs:actions.add_key_result')}
        </Button>
      )}
    </FormDialog>
  );
}
