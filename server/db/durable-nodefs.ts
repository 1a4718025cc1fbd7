import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type ModuleOptions = Parameters<NodeFS['init']>[1];
type Imports = Record<string, Record<string, unknown>>;
interface EmscriptenStream {
  nfd?: number;
  stream_ops?: { fsync?: (stream: EmscriptenStream) => number };
}
interface EmscriptenFs {
  filesystems: { NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } } };
  getStream(fd: number): EmscriptenStream | null;
}

/**
 * PGlite's Node filesystem, made to keep PostgreSQL's promise that a commit is on disk.
 * PGlite writes the data directory straight through to the OS (so a killed process loses
 * nothing the OS got), but its Emscripten file layer never reaches the disk: NODEFS has no
 * fsync and `fdatasync`, PostgreSQL's default WAL sync, is a no-op. A power cut or an OS crash
 * could then lose acknowledged commits, or keep a checkpoint whose WAL never got there (the
 * "could not locate a valid checkpoint record" PANIC). So NODEFS files get a real fsync, and
 * fdatasync goes to it too. Measured in docs/decisions/embedded-database.md.
 */
export class DurableNodeFS extends NodeFS {
  /** Counts the syncs that reached the disk (a unit test checks a commit makes one). */
  syncs = 0;

  override async init(pg: PGlite, options: ModuleOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    let fs: EmscriptenFs | undefined;
    const fsync = (stream: EmscriptenStream) => {
      // Directories and devices have no host descriptor; PostgreSQL syncs their files anyway.
      if (stream.nfd !== undefined) {
        fsyncSync(stream.nfd);
        this.syncs += 1;
      }
      return 0;
    };
    const instantiate = emscriptenOpts.instantiateWasm as
      ((imports: Imports, done: unknown) => unknown) | undefined;
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (module: { FS: unknown }) => {
            fs = module.FS as EmscriptenFs;
            fs.filesystems.NODEFS.stream_ops.fsync = fsync;
          },
        ],
        ...(instantiate && {
          instantiateWasm: (imports: Imports, done: unknown) => {
            const env = imports.env;
            const original = env?.__syscall_fdatasync as ((fd: number) => number) | undefined;
            if (original) {
              env.__syscall_fdatasync = (fd: number) => {
                const stream = fs?.getStream(fd);
                return stream?.stream_ops?.fsync ? stream.stream_ops.fsync(stream) : original(fd);
              };
            }
            return instantiate(imports, done);
          },
        }),
      } as ModuleOptions,
    };
  }
}
