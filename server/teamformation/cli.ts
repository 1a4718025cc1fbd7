import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formTeams, TeamFormationInputError, type TeamFormationRequest } from './index';

const USAGE = 'usage: teams:form --in FILE.json   (FILE "-" reads standard input)';

/** Prints the result as JSON on stdout; bad input goes to stderr with exit code 2. */
async function main(): Promise<number> {
  let path: string | undefined;
  try {
    path = parseArgs({ options: { in: { type: 'string' } } }).values.in;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!path) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let request: TeamFormationRequest;
  try {
    request = JSON.parse(readFileSync(path === '-' ? 0 : path, 'utf8'));
  } catch (error) {
    process.stderr.write(`cannot read ${path}: ${(error as Error).message}\n`);
    return 2;
  }
  try {
    process.stdout.write(`${JSON.stringify(await formTeams(request))}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof TeamFormationInputError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
}

process.exitCode = await main();
