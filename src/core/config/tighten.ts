// A repository's `.remit.json` only ever raises floors: a committed file (which the agent
// itself could write) must never loosen what the user typed or configured.
import type { Policy, RepoConfig, TaskContract } from '../../generated/types.js';

const STRICTNESS: Record<Policy, number> = { allow: 0, ask: 1, deny: 2 };

function stricter(a: Policy, b: Policy | undefined): Policy {
  return b !== undefined && STRICTNESS[b] > STRICTNESS[a] ? b : a;
}

export function tightenContract(c: TaskContract, repo: RepoConfig | null): TaskContract {
  if (!repo) return c;
  const out: TaskContract = { ...c };
  out.deps = stricter(c.deps, repo.deps);
  out.hash = stricter(c.hash, repo.hash);
  out.hostconfig = stricter(c.hostconfig, repo.hostconfig);
  if (repo.checks === 'deny') out.checks = 'deny';
  if (repo.agents !== undefined) out.agents = c.agents === null ? repo.agents : Math.min(c.agents, repo.agents);
  return out;
}
