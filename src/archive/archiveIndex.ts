import type { ManifestRecord } from './manifest.js';

/** A file's archived history: its versions in order, each the records of its pieces in order. */
export type FileHistory = readonly (readonly ManifestRecord[])[];

/**
 * The manifest grouped by file and version. A record that does not continue its version where
 * the last one ended (a damaged manifest) is left out here and named by verify.
 */
export function indexManifest(records: readonly ManifestRecord[]): Map<string, ManifestRecord[][]> {
  const files = new Map<string, ManifestRecord[][]>();
  for (const record of records) {
    const versions = files.get(record.key) ?? [];
    files.set(record.key, versions);
    const current = versions[record.version - 1];
    if (current === undefined && record.version === versions.length + 1 && record.start === 0) versions.push([record]);
    else if (current !== undefined && record.version === versions.length && record.start === current[current.length - 1]?.end)
      current.push(record);
  }
  return files;
}

/** The newest record of a file: what the next run compares the file with. */
export function latestRecord(history: FileHistory | undefined): ManifestRecord | undefined {
  const version = history?.[history.length - 1];
  return version?.[version.length - 1];
}
