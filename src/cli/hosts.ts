// The registry of host adapters: the one place that knows every host.
import type { HostAdapter } from '../core/host/adapter.js';

const ADAPTERS: HostAdapter[] = [];

export function listAdapters(): HostAdapter[] {
  return ADAPTERS;
}

export function getAdapter(name: string): HostAdapter | undefined {
  return ADAPTERS.find((a) => a.name === name.toLowerCase());
}
