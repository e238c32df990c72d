import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  archiveProjects,
  indexManifest,
  manifestPath,
  readManifest,
  readVersionBytes,
  restoreArchive,
  verifyArchive,
} from '../../src/archive/index.js';
import { archiveContents, redactedLineByLine } from '../support/archiveContents.js';
import { tempDir } from '../support/tempDir.js';

const AWS = 'AKIAQWERTYUIOPASDFGH';
const GITHUB = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const said = (text: string): string => `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`;

/** A project with one session (a transcript and a subagent's), holding two secrets. */
function setUp(): { project: string; transcript: string; agent: string; archiveDir: string } {
  const root = tempDir();
  const project = join(root, 'projects', '-p');
  mkdirSync(join(project, 's1', 'subagents'), { recursive: true });
  const transcript = join(project, 's1.jsonl');
  const agent = join(project, 's1', 'subagents', 'agent-a.jsonl');
  writeFileSync(transcript, said('hello') + said(`my key is ${AWS}`) + said('bye'));
  writeFileSync(agent, said(`token ${GITHUB} and ${AWS}`));
  return { project, transcript, agent, archiveDir: join(root, 'archive') };
}

const restored = async (archiveDir: string): Promise<{ dir: string; redacted: readonly string[] }> => {
  const dir = tempDir();
  const report = await restoreArchive({ archiveDir, selection: { all: true }, into: dir });
  return { dir, redacted: report.redacted };
};

const stored = (archiveDir: string): string =>
  [...archiveContents(archiveDir).values()].map((bytes) => bytes.toString('latin1')).join('\n');

describe('memlog archive --redact', () => {
  it('stores each file with its secrets replaced by markers naming the rule, lines valid JSON, the live files untouched', async () => {
    const { project, transcript, agent, archiveDir } = setUp();
    const before = [readFileSync(transcript), readFileSync(agent)];
    const report = await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    expect(report.redaction).toEqual({
      byArchive: false,
      sessions: [{ session: '-p/s1', secrets: 3, byRule: { 'aws-access-token': 2, 'secretlint/github': 1 } }],
      filesWithUnredactedVersions: 0,
    });
    expect([readFileSync(transcript), readFileSync(agent)]).toEqual(before);
    const { dir, redacted } = await restored(archiveDir);
    expect(redacted).toEqual(['-p/s1.jsonl', '-p/s1/subagents/agent-a.jsonl']);
    const lines = readFileSync(join(dir, '-p', 's1.jsonl'), 'utf8').split('\n');
    expect(lines[1]).toBe(said('my key is [REDACTED:aws-access-token]').trimEnd());
    for (const line of lines.slice(0, -1)) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(stored(archiveDir)).not.toContain(AWS);
    expect(stored(archiveDir)).not.toContain(GITHUB);
    const verified = await verifyArchive(archiveDir);
    expect(verified).toMatchObject({ problems: [], versions: 2, redactedVersions: 2 });
  });

  it('redacts what a session grew by as it stores it, reading only the new bytes, and restores redact(original)', async () => {
    const { project, transcript, archiveDir } = setUp();
    await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    const added = said(`again ${GITHUB}`) + said('fine');
    appendFileSync(transcript, added);
    const report = await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    expect(report.outcomes).toMatchObject({ grown: 1, rewritten: 0 });
    expect(report.bytesRead).toBe(Buffer.byteLength(added));
    expect(report.redaction?.sessions).toEqual([{ session: '-p/s1', secrets: 1, byRule: { 'secretlint/github': 1 } }]);
    const records = indexManifest((await readManifest(manifestPath(archiveDir))).records).get('-p/s1.jsonl') ?? [];
    expect(records).toHaveLength(1);
    expect(records[0]?.at(-1)?.end).toBe(readFileSync(transcript).length);
    const { dir } = await restored(archiveDir);
    expect(readFileSync(join(dir, '-p', 's1.jsonl'))).toEqual(await redactedLineByLine(readFileSync(transcript)));
    expect(stored(archiveDir)).not.toContain(GITHUB);
  });

  it('stores a new whole version when the redacted bytes ended inside a line that has grown since', async () => {
    const { project, transcript, archiveDir } = setUp();
    appendFileSync(transcript, '{"type":"user","message":{"content":"key AKIAQWERTY');
    await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    appendFileSync(transcript, 'UIOPASDFGH"}}\n');
    const report = await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    expect(report.outcomes).toMatchObject({ grown: 1 });
    expect(report.bytesRead).toBe(readFileSync(transcript).length);
    const versions = indexManifest((await readManifest(manifestPath(archiveDir))).records).get('-p/s1.jsonl') ?? [];
    expect(versions).toHaveLength(2);
    const { dir } = await restored(archiveDir);
    expect(readFileSync(join(dir, '-p', 's1.jsonl'))).toEqual(await redactedLineByLine(readFileSync(transcript)));
    expect(stored(archiveDir)).not.toContain(AWS);
  });

  it('keeps redacting once an archive holds redacted copies, when a run is not asked to', async () => {
    const { project, transcript, archiveDir } = setUp();
    await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    appendFileSync(transcript, said(`later ${AWS}`));
    const report = await archiveProjects({ archiveDir, projectDirs: [project] });
    expect(report.redaction).toMatchObject({ byArchive: true, sessions: [{ session: '-p/s1', secrets: 1 }] });
    expect(stored(archiveDir)).not.toContain(AWS);
  });

  it('stores a redacted version of every file an unredacted run archived, and counts the files whose old versions keep secrets', async () => {
    const { project, transcript, archiveDir } = setUp();
    expect((await archiveProjects({ archiveDir, projectDirs: [project] })).redaction).toBeNull();
    const report = await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    expect(report.outcomes).toMatchObject({ rewritten: 2, unchanged: 0 });
    expect(report.redaction).toMatchObject({ byArchive: false, filesWithUnredactedVersions: 2 });
    const { dir, redacted } = await restored(archiveDir);
    expect(redacted).toHaveLength(2);
    expect(readFileSync(join(dir, '-p', 's1.jsonl'))).toEqual(await redactedLineByLine(readFileSync(transcript)));
    const again = await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    expect(again.outcomes).toMatchObject({ added: 0, grown: 0, rewritten: 0 });
    expect(again.bytesRead).toBe(0);
  });
});

describe('lines redaction cannot hold or read as text', () => {
  it('stores a line longer than 8 MiB as a marker line naming its length, and keeps a clean line of invalid UTF-8 byte for byte', async () => {
    const { project, transcript, archiveDir } = setUp();
    const huge = said(`${'x'.repeat(9 << 20)} ${AWS}`);
    const invalid = Buffer.concat([Buffer.from('{"type":"user","text":"caf'), Buffer.of(0xe9), Buffer.from('"}\n')]);
    appendFileSync(transcript, huge);
    appendFileSync(transcript, invalid);
    const report = await archiveProjects({ archiveDir, projectDirs: [project], redact: true });
    expect(report.redaction?.sessions[0]?.byRule).toEqual({ 'aws-access-token': 2, 'secretlint/github': 1, 'line-too-long': 1 });
    const { dir } = await restored(archiveDir);
    const lines = readFileSync(join(dir, '-p', 's1.jsonl'));
    const parts = lines.toString('latin1').split('\n');
    expect(parts[3]).toBe(JSON.stringify({ redacted: '[REDACTED:line-too-long]', bytes: Buffer.byteLength(huge) - 1 }));
    expect(lines.subarray(lines.length - invalid.length).equals(invalid)).toBe(true);
    expect(stored(archiveDir)).not.toContain(AWS);
  });
});

describe('archives written with an earlier codec', () => {
  it('reads gzip pieces, and a version grown since holds gzip and brotli pieces that restore as one', async () => {
    const { project, transcript, archiveDir } = setUp();
    await archiveProjects({ archiveDir, projectDirs: [project], codec: 'gzip' });
    appendFileSync(transcript, said('more'));
    await archiveProjects({ archiveDir, projectDirs: [project] });
    const [version] = indexManifest((await readManifest(manifestPath(archiveDir))).records).get('-p/s1.jsonl') ?? [];
    expect(version?.map((record) => record.codec)).toEqual(['gzip', 'brotli']);
    expect(version?.map((record) => record.piece?.path.slice(-3))).toEqual(['.gz', '.br']);
    expect(await readVersionBytes(archiveDir, version ?? [])).toEqual(readFileSync(transcript));
    expect((await verifyArchive(archiveDir)).problems).toEqual([]);
  });
});
