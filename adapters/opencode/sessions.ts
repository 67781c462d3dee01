// OpenCode V1 runs a subagent (`task`) as a child session whose `parentID` names the
// launcher; hooks then fire with the child's sessionID. remit acts on the root session, so
// every id is walked up to its root: from `session.created` events seen, else by asking the
// host (`client.session.get`).

export interface SessionLookup {
  session?: { get?: (req: { path: { id: string } }) => Promise<unknown> };
}

const MAX_DEPTH = 16;

function parentOf(found: unknown): string | null | undefined {
  if (found === null || typeof found !== 'object') return undefined;
  // @opencode-ai/sdk 1.18 answers {data, error}; older clients answered the Session itself.
  const info = 'data' in found ? (found as { data: unknown }).data : found;
  if (info === null || typeof info !== 'object') return undefined;
  const parent = (info as { parentID?: unknown }).parentID;
  return typeof parent === 'string' && parent !== '' ? parent : null;
}

export class SessionTree {
  private readonly parents = new Map<string, string | null>();

  constructor(private readonly client: SessionLookup | undefined) {}

  /** Records what a `session.created` / `session.updated` event said. */
  learn(id: string, parentID: unknown): void {
    this.parents.set(id, typeof parentID === 'string' && parentID !== '' ? parentID : null);
  }

  isKnown(id: string): boolean {
    return this.parents.has(id);
  }

  private async parent(id: string): Promise<string | null> {
    const known = this.parents.get(id);
    if (known !== undefined) return known;
    let found: string | null | undefined;
    try {
      found = parentOf(await this.client?.session?.get?.({ path: { id } }));
    } catch {
      found = undefined;
    }
    // An unanswered lookup is not cached: the next call asks again.
    if (found !== undefined) this.parents.set(id, found);
    return found ?? null;
  }

  /** The root session of `id` (itself when it has no parent); cycles and deep chains stop at the last id reached. */
  async root(id: string): Promise<string> {
    let current = id;
    const seen = new Set<string>([id]);
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      const up = await this.parent(current);
      if (up === null || seen.has(up)) return current;
      seen.add(up);
      current = up;
    }
    return current;
  }
}
