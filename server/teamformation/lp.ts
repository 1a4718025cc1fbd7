import highsLoader, { type Highs } from 'highs';

let solver: Promise<Highs> | undefined;

/** HiGHS (WebAssembly), loaded once per process or worker; each solve uses a fresh instance. */
export function loadLpSolver(): Promise<Highs> {
  solver ??= highsLoader();
  return solver;
}
