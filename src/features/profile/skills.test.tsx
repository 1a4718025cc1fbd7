import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileApi, profileKeys, type UserSkills } from './api';
import SkillsPage from './pages/SkillsPage';
import { applySkillChange } from './use-skill-changes';
import { renderInApp } from '@/testing/render-in-app';

vi.mock('@/lib/current-user', async (original) => ({
  ...(await original<typeof import('@/lib/current-user')>()),
  useSignedInUser: () => ({ id: 7 }),
}));
// The catalogue picker reads the server; here it is two buttons that pick.
vi.mock('@/components/SkillPicker', () => ({
  SkillPicker: ({
    onAdd,
  }: {
    onAdd: (skill: { id: number; name: string } | { name: string }) => void;
  }) => (
    <>
      <button onClick={() => onAdd({ id: 2, name: 'Python' })}>pick Python</button>
      <button onClick={() => onAdd({ name: 'Kite surfing' })}>type Kite surfing</button>
    </>
  ),
}));

type Entry = UserSkills['user_skills'][number];
const teamwork: Entry = { skill_id: 1, name: 'Teamwork', level: null };

/** A server that answers each save only when the test says so, in the order they came. */
function slowServer() {
  let stored: Entry[] = [teamwork];
  const waiting: (() => void)[] = [];
  const resource = () => ({ user_id: 7, user_skills: stored, skills: [] });
  vi.spyOn(profileApi, 'userSkills').mockImplementation(async () => resource());
  vi.spyOn(profileApi, 'saveSkills').mockImplementation(
    (entries) =>
      new Promise((resolve) =>
        waiting.push(() => {
          stored = entries.map((entry, i) => ({
            skill_id: entry.skill_id ?? 100 + i,
            name: entry.name ?? (entry.skill_id === 2 ? 'Python' : 'Teamwork'),
            level: entry.level ?? null,
          }));
          resolve(resource());
        }),
      ),
  );
  return {
    names: () => stored.map((entry) => entry.name),
    /** Answers this many saves, each once it was sent. */
    async answer(count: number) {
      for (let i = 0; i < count; i++) {
        await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
        waiting.shift()!();
      }
    },
  };
}

function renderPage() {
  return renderInApp(<SkillsPage />);
}

const shown = () =>
  within(screen.getByRole('list', { name: 'profile:skills.mine' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.fui-Tag')?.textContent);

describe('the skills page', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(cleanup);

  it('keeps both of two skills picked before the first is saved', async () => {
    const server = slowServer();
    renderPage();
    await screen.findByText('Teamwork');
    fireEvent.click(screen.getByText('pick Python'));
    fireEvent.click(screen.getByText('type Kite surfing'));
    await server.answer(2);
    expect(server.names()).toEqual(['Teamwork', 'Python', 'Kite surfing']);
    await waitFor(() => expect(shown()).toEqual(['Teamwork', 'Python', 'Kite surfing']));
  });

  it('keeps a skill picked while a read of the list was under way', async () => {
    const server = slowServer();
    const queryClient = renderPage();
    await screen.findByText('Teamwork');
    fireEvent.click(screen.getByText('pick Python'));
    // The list read again before Python is saved: the server still has Teamwork alone.
    await queryClient.refetchQueries({ queryKey: profileKeys.section(7, 'skills') });
    fireEvent.click(screen.getByText('type Kite surfing'));
    await server.answer(2);
    expect(server.names()).toEqual(['Teamwork', 'Python', 'Kite surfing']);
    await waitFor(() => expect(shown()).toEqual(['Teamwork', 'Python', 'Kite surfing']));
  });

  it('applies each change to the newest list, and again without effect', () => {
    const python = { kind: 'add', skill: { id: 2, name: 'Python' } } as const;
    const kite = { kind: 'add', skill: { name: 'Kite surfing' } } as const;
    const once = applySkillChange(applySkillChange([teamwork], python), kite);
    expect(once.map((entry) => entry.name)).toEqual(['Teamwork', 'Python', 'Kite surfing']);
    expect(once[2]!.skill_id).toBeLessThan(0);
    expect(applySkillChange(applySkillChange(once, python), kite)).toEqual(once);
    // A typed skill the server has since named by its id is the same skill.
    const saved = once.map((entry, i) => ({ ...entry, skill_id: i + 1 }));
    expect(applySkillChange(saved, kite)).toEqual(saved);
    const leveled = applySkillChange(saved, { kind: 'level', entry: once[2]!, level: 3 });
    expect(leveled[2]!.level).toBe(3);
    expect(applySkillChange(leveled, { kind: 'remove', entry: once[0]! })).toHaveLength(2);
  });
});
