import { compactionView, readTranscriptSync, loadsWhole } from './src/index.ts';
const f = process.argv[2];
const entries = [...readTranscriptSync(f)].flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
const v = compactionView(entries);
console.log('messages', v.messages.length, 'newestPrompt', v.newestPrompt, 'cuts', v.cuts.join(','));
for (const c of v.cuts.filter((c) => c <= v.newestPrompt).slice(-3)) console.log('cut', c, loadsWhole(v, c));
const m = v.messages[v.newestPrompt]; console.log(m?.uuid, m?.entry.parentUuid, JSON.stringify(m?.entry.message.content).slice(0, 100));
for (const x of v.messages.slice(v.newestPrompt, v.newestPrompt + 6)) console.log(x.uuid.slice(0,8), 'parent', String(x.entry.parentUuid).slice(0,8), 'nodeParent', String(x.parent).slice(0,8), x.entry.type);
