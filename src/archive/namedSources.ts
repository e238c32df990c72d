import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MemlogError } from '../errors.js';
import { isFolder } from '../fs/fileKind.js';
import { manifestPath } from './archiveLayout.js';
import { indexManifest } from './archiveIndex.js';
import { readManifest } from './manifest.js';
import type { RestoreSelection } from './restoreArchive.js';

/** Each name as a folder, else as a project in Claude Code's projects folder `root`; no names: every project there. */
export function projectFolders(names: readonly string[], root: string): string[] {
  if (names.length === 0)
    return isFolder(root)
      ? readdirSync(root)
          .map((name) => join(root, name))
          // A project folder that is a symbolic link is archived as any other (decision 107).
          .filter(isFolder)
          .sort()
      : [];
  return names.map((name) => {
    const folder = isFolder(name) ? name : join(root, name);
    if (!isFolder(folder)) throw new MemlogError('not_found', `no project folder ${name} (nor ${folder})`);
    return folder;
  });
}

/** What `restore <name>` means: a project when the archive has one of that folder name, else a session by id. */
export async function selectionByName(archiveDir: string, name: string): Promise<RestoreSelection> {
  const keys = [...indexManifest((await readManifest(manifestPath(archiveDir))).records).keys()];
  if (keys.some((key) => key.split('/')[0] === name)) return { project: name };
  if (keys.some((key) => key.split('/')[1] === `${name}.jsonl`)) return { session: name };
  throw new MemlogError('not_found', `no archived session or project ${name} in ${archiveDir}`);
}
