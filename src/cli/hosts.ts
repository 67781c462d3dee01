// The registry of host adapters: the one place that knows every host.
import { claudeAdapter } from '../../adapters/claude/index.js';
import { codexAdapter } from '../../adapters/codex/index.js';
import { hermesAdapter } from '../../adapters/hermes/adapter.js';
import { ompAdapter } from '../../adapters/omp/adapter.js';
import { opencodeAdapter } from '../../adapters/opencode/adapter.js';
import { piAdapter } from '../../adapters/pi/adapter.js';
import type { HostAdapter } from '../core/host/adapter.js';

const ADAPTERS: HostAdapter[] = [codexAdapter, claudeAdapter, opencodeAdapter, hermesAdapter, piAdapter, ompAdapter];

export function listAdapters(): HostAdapter[] {
  return ADAPTERS;
}

export function getAdapter(name: string): HostAdapter | undefined {
  return ADAPTERS.find((a) => a.name === name.toLowerCase());
}
