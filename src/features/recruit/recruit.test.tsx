import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobCandidate, ScreeningRow } from './api';
import { CvUploadPanel } from './components/CvUploadPanel';
import type { CvUpload } from './hooks';
import { groupByStage, moved, publicLink, skillsForReview, stageLabel } from './recruit-view';

const t = ((key: string) => key) as unknown as TFunction;

const candidate = (id: number, stage: JobCandidate['stage'], at: string): JobCandidate => ({
  id,
  job_id: 1,
  candidate: {
    id,
    name: `Person ${id}`,
    email: null,
    phone: null,
    user_id: null,
    source: 'cv',
    skills: [],
    experience: [],
    tags: [],
    created_at: at,
  },
  stage,
  rejection_reason: null,
  note: null,
  knockout_answers: [],
  score: 50,
  created_at: at,
  stage_changed_at: at,
});

describe('recruiting', () => {
  afterEach(cleanup);

  it('reads a stage by the owner’s name for it, else the default words', () => {
    const stages = [{ key: 'interview' as const, name: 'Tech talk' }];
    expect(stageLabel(t, 'interview', stages)).toBe('Tech talk');
    expect(stageLabel(t, 'offer', stages)).toBe('recruit:stages.offer');
  });

  it('puts every candidate in their stage’s column, latest move first, and moves one at once', () => {
    const list = [
      candidate(1, 'applied', '2026-11-01T00:00:00Z'),
      candidate(2, 'applied', '2026-11-03T00:00:00Z'),
      candidate(3, 'offer', '2026-11-02T00:00:00Z'),
    ];
    const groups = groupByStage(list);
    expect(groups.applied.map((c) => c.id)).toEqual([2, 1]);
    expect(groups.offer.map((c) => c.id)).toEqual([3]);
    expect(groups.hired).toEqual([]);
    const after = groupByStage(moved(list, 1, 'interview'));
    expect(after.applied.map((c) => c.id)).toEqual([2]);
    expect(after.interview.map((c) => c.id)).toEqual([1]);
  });

  it('lists missing required skills first, then other missing ones, then those met', () => {
    const skill = (id: number, matched: boolean, required: boolean, weight: number) => ({
      skill_id: id,
      name: `S${id}`,
      weight,
      required,
      matched,
      evidence: matched ? { source: 'cv' as const, text: 'line' } : null,
    });
    const row = {
      skills: [skill(1, true, true, 90), skill(2, false, false, 80), skill(3, false, true, 10)],
    } as ScreeningRow;
    expect(skillsForReview(row).map((s) => s.skill_id)).toEqual([3, 2, 1]);
  });

  it('makes the public link on this site', () => {
    expect(publicLink('/position/7', 'https://app.example')).toBe('https://app.example/position/7');
  });

  it('shows each CV’s progress, what became of it and a cancel while it runs', () => {
    const onCancel = vi.fn();
    const uploads: CvUpload[] = [
      { key: 'a', name: 'mai.pdf', loaded: 10, total: 100, state: 'uploading' },
      { key: 'b', name: 'old.docx', loaded: 5, total: 5, state: 'merged' },
      { key: 'c', name: 'scan.pdf', loaded: 5, total: 5, state: 'failed', error: 'No text in it.' },
    ];
    render(
      <FluentProvider theme={webLightTheme}>
        <CvUploadPanel uploads={uploads} onCancel={onCancel} onClear={() => undefined} />
      </FluentProvider>,
    );
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toBe('No text in it.');
    expect(screen.getByText('recruit:board.upload_merged')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'recruit:board.upload_cancel' }));
    expect(onCancel).toHaveBeenCalledWith('a');
  });
});
