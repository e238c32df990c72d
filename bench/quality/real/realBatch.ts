import { sourceOf, type GoldSession } from './realGold.js';
import type { RealScore } from './realScore.js';

/**
 * Batches of real sessions added together, by the source folders they came in: a batch nobody
 * tuned on is scored alone by bench/quality/real/batch.ts (decision 67). Batch 3 is the second
 * fresh batch (SOURCES.md): four repositories not used before; batch 4 the third, from three more;
 * batch 5 the fourth, from three more again; batch 6 the fifth. Batch 7, the sixth, came from repositories
 * already here (sessions none of them shares a prompt or a session id with), so it names its sessions:
 * an entry holding a `/` is one session, `<source>/<file>.jsonl`. Batches 8 to 10 are named the same way.
 */
const BATCH7_SESSIONS: readonly string[] = [
  'context-evaluator/598cc9c4-cc88-410f-a833-53348451208e.jsonl',
  'context-evaluator/ffc44f28-b453-4499-9cb2-65c5b9f2c2ed.jsonl',
  'entire-cli/062a8bdd-4322-4ffa-bc38-3e8b8bfb5a56.jsonl',
  'entire-cli/0d28c0d4-9f7d-42bc-9147-4c207384bdad.jsonl',
  'entire-cli/15b634ab-64a9-41da-92d3-685a0e4f2960.jsonl',
  'entire-cli/170cebcc-4cb9-42aa-a322-6e590fc9db0d.jsonl',
  'entire-cli/21a2e002-8b63-45db-8e0d-1978fe0600aa.jsonl',
  'entire-cli/23986045-ec24-48ac-8531-832bf31b9053.jsonl',
  'entire-cli/3ae3ab59-52bc-413d-ad30-02b165c91785.jsonl',
  'entire-cli/45f2ccfd-0915-42eb-9164-09d13a9dd8ee.jsonl',
  'entire-cli/6dccd523-72ba-4cb2-b043-2422d5fa2cda.jsonl',
  'entire-cli/6dd5f6de-b876-49d9-bbfa-d92d2ef306a3.jsonl',
  'entire-cli/839b35f7-4dbd-4d93-9772-3c272cc87caa.jsonl',
  'entire-cli/a09df891-c504-4318-a9ac-3685982583e6.jsonl',
  'entire-cli/a2b25ca9-1cbb-41d7-a3b1-89c66f8697f9.jsonl',
  'entire-cli/f8190a9b-031b-49a6-b513-b27e9629d222.jsonl',
  'git-sync/ff0a7d3f-e73b-48cc-a5d1-49b930a82fdf.jsonl',
  'git-sync/ff472454-eb84-4842-8ba7-e8420248533a.jsonl',
  'oh-my-posh/15735695-7dd4-4367-9b11-3a8b95dfbbac.jsonl',
  'oh-my-posh/5a4b5aa4-b959-4920-a53c-7ae4ff8f0d73.jsonl',
  'oh-my-posh/6b6f4218-0b12-4d55-b930-462903683bea.jsonl',
  'oh-my-posh/94fab1a1-936d-4b90-8047-49ce4c4fbf69.jsonl',
  'oh-my-posh/c0fff321-13d9-40df-a7e8-0ec69ff04b78.jsonl',
  'oh-my-posh/f776f2bf-23df-4ccd-808c-738ef763c1c6.jsonl',
];

const BATCH8_SESSIONS: readonly string[] = [
  'entire-cli/030e1e67-6bf0-492d-8bd3-cc3383ec93ab.jsonl',
  'entire-cli/0bb9a2d9-a51e-4d5a-8275-566c766a0ff2.jsonl',
  'entire-cli/0cd9edf7-459c-4900-af40-cf2c64dea525.jsonl',
  'entire-cli/0cf3db51-1c73-43bb-8d05-dc02739514a5.jsonl',
  'entire-cli/20b81bf8-77cd-4205-8ac9-727b573a70e4.jsonl',
  'entire-cli/44df7d08-6bc4-4532-bef8-167ea3797cee.jsonl',
  'entire-cli/47fd13df-2018-45de-8102-afe43bbc5e17.jsonl',
  'entire-cli/75c838dd-10e3-40cf-8df3-17f9955149f8.jsonl',
  'entire-cli/847ff7d2-4a55-44d7-a3f5-a3afd89f1ee1.jsonl',
  'entire-cli/86cc3044-7515-43f1-9c25-1444738c64c9.jsonl',
  'entire-cli/880d23f9-86b3-4345-af42-46381ab10e4d.jsonl',
  'entire-cli/afb1dd35-5084-4acb-84b8-59b9d3c48d3e.jsonl',
  'entire-cli/c4a6d0ff-2c86-4f56-8509-c4737bcb5768.jsonl',
  'entire-cli/dc577197-3905-4039-9b27-8ab77a6b087f.jsonl',
  'entire-cli/de1ed521-f8fc-44f4-b8a3-970e99616ca2.jsonl',
  'entire-cli/e75fc7f5-30dc-4288-a579-5e1c14a107f8.jsonl',
  'entire-cli/f736da47-b2ca-4f86-bb32-a1bbe582e464.jsonl',
  'git-sync/8ff21ea1-e320-4771-a636-a6590f0b5080.jsonl',
  'git-sync/b2f87a4e-5689-48c2-8c78-9470485f9a72.jsonl',
  'oh-my-posh/6878eb98-fd0b-43e6-82a0-ab8b38b612dc.jsonl',
  'oh-my-posh/69d8706c-d098-4239-8a99-f89c153822c3.jsonl',
  'oh-my-posh/6c0a282a-886f-458d-a426-93d95104b4a6.jsonl',
  'oh-my-posh/85307e10-87a7-49ab-b5ae-047efbfbd20c.jsonl',
  'oh-my-posh/db8d3dd4-4827-4596-b83e-d7c9e0842ff6.jsonl',
];

const BATCH9_SESSIONS: readonly string[] = [
  'entire-cli/15f99783-ab13-4526-902c-0ca770a5d70e.jsonl',
  'entire-cli/19abe528-a510-4c89-a1f8-138956474766.jsonl',
  'entire-cli/220c8e1c-18de-4039-8d22-658ecf89acdc.jsonl',
  'entire-cli/250f24a9-9cb5-4265-b13e-a9d193df03b8.jsonl',
  'entire-cli/253fd5ef-38bf-4f4a-804a-98df5088a868.jsonl',
  'entire-cli/266b3f40-6f1d-491c-aeca-825cbb3fcbc5.jsonl',
  'entire-cli/2956cee6-6153-4ba6-ba24-3b7f3257549c.jsonl',
  'entire-cli/3b1b6293-65e1-4c3e-9f95-d530143332f2.jsonl',
  'entire-cli/419f42f0-2fa1-44cc-8b4d-babf59901513.jsonl',
  'entire-cli/43b2bd6e-ccc5-4d83-bbe5-9cd1cd19cc82.jsonl',
  'entire-cli/4e836284-4a0a-44a1-acb3-38c68db78007.jsonl',
  'entire-cli/4fec7ea0-3335-43ec-a178-d4ab47d5aef3.jsonl',
  'entire-cli/67d765b5-4286-4ec5-b051-950466e186f0.jsonl',
  'entire-cli/75a1a0f1-e0f8-4f3a-bca5-50167cdf0a53.jsonl',
  'entire-cli/7f78a542-6201-447a-8277-213165356894.jsonl',
  'entire-cli/85cc202e-0e74-46ce-a485-e5fcd11f7a8c.jsonl',
  'entire-cli/8ef64fdd-df8c-41f2-ac32-d9471671f062.jsonl',
  'entire-cli/a032db5a-df02-44d7-ab1e-fb024213ecc4.jsonl',
  'entire-cli/ac8a4f1a-1917-46bf-b8c1-0c3bab0fbc16.jsonl',
  'entire-cli/b25a8b6e-b748-4911-bc05-dfa90cd63948.jsonl',
  'entire-cli/b6b20c21-d3cb-42a4-9a55-bb2dbb2212e4.jsonl',
  'entire-cli/cc432c40-914a-4c1a-a972-0103199a736a.jsonl',
  'entire-cli/deeac353-0765-4439-9056-293619a99172.jsonl',
  'entire-cli/e7eb742c-bdac-4824-afdb-20b63ca6b6dd.jsonl',
];

const BATCH10_SESSIONS: readonly string[] = [
  'entire-cli/056d2eda-6037-4f4f-a98d-f2f78f650be4.jsonl',
  'entire-cli/0822e04b-5551-4de8-a98a-5660c689e49b.jsonl',
  'entire-cli/163396cf-348b-4175-90f5-5ca0986ac0f1.jsonl',
  'entire-cli/2a55af89-4e4f-4460-b18f-42a07287ae76.jsonl',
  'entire-cli/4a364c97-9dde-4a98-a973-26edea2c0e8b.jsonl',
  'entire-cli/56de1726-04db-4439-a5f5-190cdb62f2dc.jsonl',
  'entire-cli/a0927dd5-61a3-4802-a716-4480286f16d4.jsonl',
  'entire-cli/cd46624d-fbea-4097-aaf8-2f63c3db0818.jsonl',
  'entire-cli/ce99376e-9bff-467b-91ed-b5ae280c1917.jsonl',
];

export const BATCHES: Readonly<Record<string, readonly string[]>> = {
  batch3: ['git-sync', 'entire-skills', 'entire-graph', 'awesome-chatgpt-prompts'],
  batch4: ['auth-go', 'dsa110-flits', 'imessage-mail'],
  batch5: ['chkit', 'duet', 'react-native-live-text-view'],
  batch6: ['bids-utils', 'entirecontext'],
  batch7: BATCH7_SESSIONS,
  batch8: BATCH8_SESSIONS,
  batch9: BATCH9_SESSIONS,
  batch10: BATCH10_SESSIONS,
};

/** A session path as given (`…/sessions/<source>/<file>.jsonl` or `<source>/<file>.jsonl`) as gold names it. */
const sessionName = (path: string): string => path.replace(/\\/g, '/').split('/sessions/').pop() ?? path;

function namedSessions(name: string, golds: readonly GoldSession[], batches: Readonly<Record<string, readonly string[]>>): GoldSession[] {
  const sources = batches[name];
  const picked =
    sources === undefined
      ? golds.filter((gold) => gold.session === sessionName(name))
      : golds.filter((gold) => sources.includes(sourceOf(gold)) || sources.includes(gold.session));
  if (picked.length === 0) throw new Error(`no batch or labelled session named ${name} (batches: ${Object.keys(batches).join(', ')})`);
  return picked;
}

/** The gold lists a batch name or session paths select, each once, in the order named. */
export function selectSessions(
  names: readonly string[],
  golds: readonly GoldSession[],
  batches: Readonly<Record<string, readonly string[]>> = BATCHES,
): GoldSession[] {
  if (names.length === 0) throw new Error(`name a batch (${Object.keys(batches).join(', ')}) or session paths`);
  const picked = new Map<string, GoldSession>();
  for (const name of names) for (const gold of namedSessions(name, golds, batches)) picked.set(gold.session, gold);
  return [...picked.values()];
}

function devOnly(golds: readonly GoldSession[]): void {
  if (golds.some((gold) => gold.half !== 'dev')) throw new Error('the aside half is scored by totals only');
}

/** Each certain item a development run missed, with its gold text; an aside session is scored by totals only. */
export function formatMissedCertain(golds: readonly GoldSession[], score: RealScore): string[] {
  devOnly(golds);
  const texts = new Map<string, string>(golds.flatMap((gold) => gold.items.map((item) => [`${gold.session}#${item.id}`, item.text])));
  return score.missedCertain.map((key) => `  missed certain ${key}: ${texts.get(key) ?? ''}`);
}

/** Each false save of a development run: its cause, file and description (a memory's second line). */
export function formatFalseSaves(golds: readonly GoldSession[], score: RealScore): string[] {
  devOnly(golds);
  return score.judgements
    .filter((judgement) => judgement.verdict !== 'true')
    .map(({ verdict, memory }) => `  false ${verdict}: ${memory.project}/${memory.filename}: ${memory.text.split('\n')[1] ?? ''}`);
}
