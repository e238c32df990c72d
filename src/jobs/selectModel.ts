import { AnthropicModel, type AnthropicModelOptions } from '../model/anthropic/anthropicModel.js';
import { CassetteModel } from '../model/cassette/cassetteModel.js';
import { OfflineModel } from '../model/offline/offlineModel.js';
import type { ModelPort } from '../model/port.js';

export type ModelKind = 'auto' | 'offline' | 'anthropic';

export interface ModelSelection {
  /** `auto` (the default): the Anthropic API when a key is configured, else the offline model. */
  readonly model?: ModelKind;
  /** Replay model calls from this cassette; with `record`, call the chosen model and keep its answers there. */
  readonly cassette?: string;
  readonly record?: boolean;
  readonly anthropic?: AnthropicModelOptions;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where the one-time notice about the offline model goes; stderr by default. */
  readonly notice?: (line: string) => void;
}

const writeToStderr = (line: string): void => void process.stderr.write(`${line}\n`);
const noticed = new WeakSet<(line: string) => void>();

export const OFFLINE_NOTICE =
  'memlog: no ANTHROPIC_API_KEY set, so the offline model is used (deterministic heuristics, no network); set the key or pass --model anthropic for a real model';

/**
 * The model memory work runs on, as the CLI and library choose it by default. Falling back to
 * the offline model is said once per process (per notice sink), never silently.
 */
export function selectModel(selection: ModelSelection = {}): ModelPort {
  if (selection.cassette !== undefined && selection.record !== true) return new CassetteModel({ path: selection.cassette });
  const inner = chooseLive(selection);
  return selection.cassette === undefined ? inner : new CassetteModel({ path: selection.cassette, record: inner });
}

function chooseLive(selection: ModelSelection): ModelPort {
  const env = selection.env ?? process.env;
  const kind = selection.model ?? 'auto';
  if (kind === 'offline') return new OfflineModel();
  const hasKey = (selection.anthropic?.apiKey ?? env['ANTHROPIC_API_KEY'] ?? '') !== '';
  if (kind === 'anthropic' || hasKey) return new AnthropicModel({ ...selection.anthropic, env });
  const notice = selection.notice ?? writeToStderr;
  if (!noticed.has(notice)) {
    noticed.add(notice);
    notice(OFFLINE_NOTICE);
  }
  return new OfflineModel();
}
