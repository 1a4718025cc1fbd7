import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The architecture test: areas meet only through their index.ts, and lint says so. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'teamloop/area-boundaries');
}

describe('area boundaries', () => {
  it("fails lint when a server area imports another area's internals", async () => {
    const errors = await boundaryErrors(
      'server/modules/workspace-teams/example.ts',
      "import { loadTask } from '../tasks/load';\nexport const x = loadTask;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('server/modules/tasks');
  });

  it('fails lint through the @server alias and for core code too', async () => {
    const errors = await boundaryErrors(
      'server/realtime/example.ts',
      "export { presentTasks } from '@server/modules/tasks/present';\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("fails lint when a client feature imports another feature's files", async () => {
    const errors = await boundaryErrors(
      'src/features/people/Example.tsx',
      "import { workspacesApi } from '@/features/workspaces/api';\nexport const x = workspacesApi;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('lets areas use each other through index.ts, and themselves freely', async () => {
    expect(
      await boundaryErrors(
        'server/modules/workspace-teams/example.ts',
        "import { profileCompletionPercent } from '../profile';\nimport { loadTeam } from './load';\nexport const x = [profileCompletionPercent, loadTeam];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/features/people/Example.tsx',
        "import { workspacesApi } from '@/features/workspaces';\nexport const x = workspacesApi;\n",
      ),
    ).toEqual([]);
  });
});
