import { CURRENT_EFFECT_LOG_VERSION, type EffectRecord } from '../pipeline/effectRecord.js';
import { appendEffectsSync, readEffectLog } from '../pipeline/effectLog.js';
import { plainText } from '../model/blockText.js';
import type { ModelPort } from '../model/port.js';
import { isJsonObject, readTolerantJson } from '../model/tolerantJson.js';
import type { BoundaryAudit } from './auditItem.js';
import type { BoundaryJudge } from './auditTranscript.js';
import type { BoundaryEvidence } from './boundaryEvidence.js';
import type { CarriedVerdict } from './carriedMatch.js';
import { boundaryAudit, judgeOffline } from './judgeOffline.js';

export interface ModelJudgeOptions {
  readonly model: ModelPort;
  /** memlog's effect log, where each judgement is recorded and from which it is read back. */
  readonly effectLog: string;
}

type Judged = Extract<EffectRecord, { type: 'audit_judged' }>;

/** What survived, as much as a prompt carries: the summary and the person's kept words. */
const MAX_SURVIVED_CHARS = 60_000;
const VERDICT_WORDS: ReadonlySet<string> = new Set(['kept', 'paraphrased', 'lost']);

const SYSTEM =
  'You check whether a coding session\'s compaction kept what the user had established. Answer with JSON only: {"verdicts": [...]}, one of "kept", "paraphrased" or "lost" per item, in order.';

function prompt(evidence: BoundaryEvidence, items: readonly string[]): string {
  const survived = [evidence.summary, ...evidence.keptTexts].join('\n\n').slice(0, MAX_SURVIVED_CHARS);
  return [
    'What survived the compaction (the summary, then the messages kept word for word):',
    '<survived>',
    survived,
    '</survived>',
    '',
    'For each item the user established before it, is it kept (said as the user meant it), paraphrased (its gist is there, a detail is not) or lost?',
    ...items.map((item, i) => `${i + 1}. ${item}`),
  ].join('\n');
}

function verdictsOf(text: string, count: number): CarriedVerdict[] | undefined {
  const answer = readTolerantJson(text);
  const list = isJsonObject(answer) ? answer['verdicts'] : undefined;
  if (!Array.isArray(list) || list.length !== count || !list.every((v) => typeof v === 'string' && VERDICT_WORDS.has(v))) return undefined;
  return list as CarriedVerdict[];
}

const recordKey = (boundary: string, items: readonly string[]): string => JSON.stringify([boundary, items]);

/**
 * Judges each compaction by a model (decision 78). The question and the answer are an effect
 * like any model call: recorded in the effect log, and read back from it for the same boundary
 * and items instead of asking again. An answer that cannot be read leaves the offline judgement,
 * marked as such, and records nothing.
 */
export function modelJudge(options: ModelJudgeOptions): BoundaryJudge {
  const recorded = new Map<string, Judged>();
  for (const record of readEffectLog(options.effectLog).records)
    if (record.type === 'audit_judged') recorded.set(recordKey(record.boundary, record.items), record);
  return async (evidence): Promise<BoundaryAudit> => {
    const items = evidence.items.map((item) => `${item.kind}: ${item.text}`);
    if (items.length === 0) return judgeOffline(evidence);
    const known = recorded.get(recordKey(evidence.uuid, items));
    if (known !== undefined) return boundaryAudit(evidence, known.verdicts, known.model);
    const reply = await options.model.complete({
      system: SYSTEM,
      messages: [{ role: 'user', content: prompt(evidence, items) }],
      maxTokens: 2_000,
    });
    const verdicts = verdictsOf(plainText(reply.content), items.length);
    if (verdicts === undefined) return { ...judgeOffline(evidence), judge: `offline (${reply.model}'s answer could not be read)` };
    const record: Judged = {
      v: CURRENT_EFFECT_LOG_VERSION,
      type: 'audit_judged',
      at: { seq: -1, uuid: evidence.uuid },
      boundary: evidence.uuid,
      model: reply.model,
      items,
      verdicts,
    };
    appendEffectsSync(options.effectLog, [record]);
    recorded.set(recordKey(evidence.uuid, items), record);
    return boundaryAudit(evidence, verdicts, reply.model);
  };
}
