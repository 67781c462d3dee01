// Pi runs a subagent as a separate `pi` process (the `subagent` example extension and its
// kin spawn `pi --mode json -p --no-session …`), and omp runs task children in-process with
// their own sessions. Either way the child must act under its root session (docs/DESIGN.md#delegation-ledger):
// the first remit instance in a process tree writes REMIT_ROOT_SESSION=<host>:<session id>
// into process.env, which child processes inherit and in-process children read; a later
// instance that finds it set is a child of that root.

export const ROOT_SESSION_ENV = 'REMIT_ROOT_SESSION';

const SESSION_ID = /^[\w.:@+=-]{1,200}$/;

export type Link =
  /** This instance owns the root session. */
  | { kind: 'root' }
  /** A child of a proven root. */
  | { kind: 'child'; root: string }
  /** A child whose root cannot be proven (a damaged value, another host's session). */
  | { kind: 'unlinked'; reason: string };

/** Reads the inherited value for `host`; undefined when there is none (this is a root). */
export function readLink(host: string, value: string | undefined): Link {
  if (value === undefined || value === '') return { kind: 'root' };
  const at = value.indexOf(':');
  const owner = at > 0 ? value.slice(0, at) : '';
  const id = at > 0 ? value.slice(at + 1) : '';
  if (owner !== host) return { kind: 'unlinked', reason: owner === '' ? 'malformed' : `root on ${owner.slice(0, 20)}` };
  if (!SESSION_ID.test(id)) return { kind: 'unlinked', reason: 'malformed' };
  return { kind: 'child', root: id };
}

function linkValue(host: string, sessionId: string): string {
  return `${host}:${sessionId}`;
}

export type Identity =
  | { kind: 'root'; sessionId: string }
  | { kind: 'child'; sessionId: string; root: string }
  | { kind: 'unlinked'; sessionId: string; reason: string };

/**
 * Per extension instance. Identity is worked out per event from the host's session id and
 * the variable: a session id equal to the root's is the root; any other is its child. Only
 * the instance that wrote the variable moves it (Pi's `/new`, `/resume`, `/fork` and omp's
 * session switch start a new root in the same process; omp task children do not).
 */
export class RootLink {
  private owns = false;

  constructor(
    private readonly host: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** The root moved to `sessionId` (only for the instance that owns it). */
  move(sessionId: string): void {
    if (this.owns && SESSION_ID.test(sessionId)) this.env[ROOT_SESSION_ENV] = linkValue(this.host, sessionId);
  }

  identify(sessionId: string): Identity {
    const link = readLink(this.host, this.env[ROOT_SESSION_ENV]);
    if (link.kind === 'root') {
      if (SESSION_ID.test(sessionId)) {
        this.owns = true;
        this.env[ROOT_SESSION_ENV] = linkValue(this.host, sessionId);
      }
      return { kind: 'root', sessionId };
    }
    if (link.kind === 'unlinked') return { kind: 'unlinked', sessionId, reason: link.reason };
    return link.root === sessionId ? { kind: 'root', sessionId } : { kind: 'child', sessionId, root: link.root };
  }
}
