import type { PGlite } from '@electric-sql/pglite';

/** The part of an open PGlite a backup needs (the server's own connection, or one the command opened). */
export interface PgliteSnapshot {
  dumpDataDir(): Promise<Blob>;
}

/** A PGlite's data folder as a tarball, consistent: taken between queries, after a checkpoint. */
export function pgliteSnapshot(client: PGlite): PgliteSnapshot {
  return {
    dumpDataDir: async () => {
      // Everything committed is in the data files; the tarball then needs no WAL replay (it would recover
      // without the checkpoint too: the dump runs exclusively of queries, like a copy of a stopped server).
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
  };
}
