// ToolRequest → Action: the one file-effect model. Every host's write, edit, patch and shell
// tool lands here, so a path is judged the same whichever tool names it.
import type { Action, Effect, Intents, ToolRequest } from '../../generated/types.js';
import { canonicalPath, isWithin, relativeWithin } from '../paths/canonical.js';
import type { FileChangeIntent } from '../intents/file-intents.js';
import type { ClassifyBase } from '../host/runtime.js';
import type { ClassifyContext } from './context.js';
import { inputDigest } from './input-digest.js';
import { pathIntentFree, wholeFileIntentFree } from '../intents/intent-free.js';
import { ownEntry } from '../lookup-table.js';

const NO_INTENTS: Intents = { dependency: false, hash: false };

function shownPath(p: string, ctx: ClassifyContext): string {
  return isWithin(p, ctx.projectRoot) && p !== ctx.projectRoot ? relativeWithin(ctx.projectRoot, p) : p;
}

class IntentCollector {
  intents: Intents = { ...NO_INTENTS };
  facts: NonNullable<Action['facts']> = {};
  add(i: FileChangeIntent, evidence: 'manifest' | 'code') {
    if (i.dependency && !this.intents.dependency) {
      this.intents.dependency = true;
      this.intents.dependencyEvidence = 'manifest';
      if (i.dependencyFact) this.facts.dependency = i.dependencyFact;
    }
    if (i.hash && !this.intents.hash) {
      this.intents.hash = true;
      this.intents.hashEvidence = evidence === 'manifest' ? 'code' : evidence;
      if (i.hashFact) this.facts.hash = i.hashFact;
    }
  }
}

function unknownAction(base: ClassifyBase, digest: string, analysis: Action['analysis'], fact?: string): Action {
  const a: Action = { id: base.id, tool: base.tool, mutability: 'unknown', effects: [], intents: { ...NO_INTENTS }, analysis, inputDigest: digest };
  if (fact) a.facts = { unproven: fact };
  return a;
}

/**
 * A path holding a NUL byte names no file the kernel would open (it ends the C string, and
 * runtimes refuse it): which file the host's tool would touch is not proven.
 */
function nulPath(base: ClassifyBase, digest: string): Action {
  return unknownAction(base, digest, 'input_malformed', `${base.tool} with a NUL byte in a path`);
}

export async function classifyToolRequest(req: ToolRequest, base: ClassifyBase, ctx: ClassifyContext): Promise<Action> {
  const { tool: _tool, ...normalised } = req as ToolRequest & { tool?: string };
  return classifyWithDigest(req, base, ctx, inputDigest(ctx.digestKey, base.tool, normalised));
}

/** classifyToolRequest once the input's digest is known (a request judged as another keeps its own). */
async function classifyWithDigest(req: ToolRequest, base: ClassifyBase, ctx: ClassifyContext, digest: string): Promise<Action> {
  const canon = (p: string) => canonicalPath(p, base.cwd, { realpath: ctx.realpath, home: ctx.home });
  try {
    switch (req.type) {
      case 'read': {
        const effects: Effect[] = (req.paths ?? []).filter((p) => typeof p === 'string' && p !== '').map((p) => ({ kind: 'read', path: canon(p) }));
        return { id: base.id, tool: base.tool, mutability: 'read', effects, intents: { ...NO_INTENTS }, inputDigest: digest };
      }
      case 'write': {
        if (!req.path) return unknownAction(base, digest, 'write_path_missing', `${base.tool} without a path`);
        if (req.path.includes('\u0000')) return nulPath(base, digest);
        const p = canon(req.path);
        const c = new IntentCollector();
        let exists: boolean;
        // The old text and the intent readers are read only for a text that may carry an intent (intent-free.ts).
        if (wholeFileIntentFree(p, req.content)) exists = ctx.files.exists(p);
        else {
          const old = ctx.files.read(p, 8 * 1024 * 1024);
          exists = old !== undefined || ctx.files.exists(p);
          c.add((await import('./file-change.js')).wholeFileIntents(p, old, req.content), 'code');
        }
        return {
          id: base.id,
          tool: base.tool,
          mutability: 'write',
          effects: [{ kind: exists ? 'write' : 'create', path: p }],
          intents: c.intents,
          inputDigest: digest,
          facts: { ...c.facts, mutation: `${base.tool} ${shownPath(p, ctx)}` },
        };
      }
      case 'edit': {
        if (!req.path) return unknownAction(base, digest, 'write_path_missing', `${base.tool} without a path`);
        if (req.path.includes('\u0000')) return nulPath(base, digest);
        const p = canon(req.path);
        const c = new IntentCollector();
        // Each edit is taken apart even when its file carries no intent: edits that are not a
        // list of objects are malformed input either way.
        const edits: { old: string; new: string }[] = [];
        for (const e of req.edits) edits.push({ old: e.old, new: e.new });
        if (!pathIntentFree(p)) {
          const { fragmentIntents } = await import('./file-change.js');
          const full = ctx.files.read(p, 8 * 1024 * 1024);
          for (const e of edits) c.add(fragmentIntents(p, e.old, e.new, full), 'code');
        }
        return {
          id: base.id,
          tool: base.tool,
          mutability: 'write',
          effects: [{ kind: 'write', path: p }],
          intents: c.intents,
          inputDigest: digest,
          facts: { ...c.facts, mutation: `${base.tool} ${shownPath(p, ctx)}` },
        };
      }
      case 'patch': {
        const { parsePatch, patchFileIntents } = await import('./file-change.js');
        const parsed = parsePatch(req.patch, req.format);
        if (!parsed.ok || parsed.files.length === 0) return unknownAction(base, digest, 'patch_unparsable', `${base.tool} with a patch remit cannot parse`);
        if (parsed.files.some((f) => f.path.includes('\u0000') || (f.moveTo ?? '').includes('\u0000'))) return nulPath(base, digest);
        const effects: Effect[] = [];
        const c = new IntentCollector();
        // Each path is resolved and read once: a megabyte of patch can name one file tens of
        // thousands of times, and each look-up is a few system calls.
        const canonOf = new Map<string, string>();
        const oldOf = new Map<string, { text: string | undefined; exists?: boolean }>();
        const canonOnce = (raw: string) => {
          let p = canonOf.get(raw);
          if (p === undefined) canonOf.set(raw, (p = canon(raw)));
          return p;
        };
        const oldText = (p: string) => {
          let o = oldOf.get(p);
          if (o === undefined) oldOf.set(p, (o = { text: ctx.files.read(p, 8 * 1024 * 1024) }));
          return o;
        };
        const existed = (p: string) => {
          const o = oldText(p);
          o.exists ??= o.text !== undefined || ctx.files.exists(p);
          return o.exists;
        };
        for (const f of parsed.files) {
          const p = canonOnce(f.path);
          // Codex's Add File overwrites an existing file, so it is judged against the old text.
          const old = oldText(p).text;
          if (f.op === 'add') effects.push({ kind: existed(p) ? 'write' : 'create', path: p });
          else if (f.op === 'delete') effects.push({ kind: 'delete', path: p });
          else if (f.moveTo) effects.push({ kind: 'move', path: p }, { kind: 'create', path: canonOnce(f.moveTo) });
          else effects.push({ kind: 'write', path: p });
          c.add(patchFileIntents(f, old), 'code');
        }
        const names = parsed.files.map((f) => shownPath(canonOnce(f.path), ctx)).join(', ');
        return {
          id: base.id,
          tool: base.tool,
          mutability: 'write',
          effects,
          intents: c.intents,
          inputDigest: digest,
          facts: { ...c.facts, mutation: `${base.tool} ${names}` },
        };
      }
      case 'shell': {
        // Codex sends apply_patch through its shell tool as a heredoc script; judge the patch.
        const invocation = req.command.includes('apply_patch') ? (await import('./file-change.js')).extractApplyPatchInvocation(req.command) : null;
        if (invocation) {
          const cwd = invocation.workdir ? canon(invocation.workdir) : req.workdir ? canon(req.workdir) : base.cwd;
          // Under the command's digest: the patch's own (a second pass over a megabyte) would be dropped.
          return classifyWithDigest({ type: 'patch', patch: invocation.patch, format: 'apply_patch' }, { ...base, cwd }, ctx, digest);
        }
        // The parser is the heaviest part of remit; only shell tools pay for loading it.
        const { classifyShell } = await import('../shell/classify-shell.js');
        const cwd = req.workdir ? canon(req.workdir) : base.cwd;
        const s = classifyShell(req.command, { ...ctx, cwd }, req.shell ?? 'bash');
        const a: Action = { id: base.id, tool: base.tool, mutability: s.mutability, effects: s.effects, intents: s.intents, inputDigest: digest };
        if (s.analysis) a.analysis = s.analysis;
        if (s.mentionedPaths.length) a.mentionedPaths = s.mentionedPaths;
        if (s.mentionedGlobs.length) a.mentionedGlobs = s.mentionedGlobs;
        if (s.remitCommand) a.remitCommand = true;
        if (s.hiddenPaths && s.mutability !== 'read') a.hiddenPaths = true;
        if (s.taught && s.mutability === 'read') a.taught = true;
        if (Object.keys(s.facts).length) a.facts = s.facts;
        return a;
      }
      case 'delegate': {
        const count = req.resume ? 0 : Math.max(0, Math.floor(req.count ?? 1));
        const delegation: NonNullable<Action['delegation']> = { count, completionScope: req.completionScope ?? 'children' };
        if (req.unbounded) delegation.unbounded = true;
        if (req.resume) delegation.lifecycleUnproven = true;
        return { id: base.id, tool: base.tool, mutability: 'delegate', effects: [], delegation, intents: { ...NO_INTENTS }, inputDigest: digest };
      }
      case 'control':
        return { id: base.id, tool: base.tool, mutability: 'control', effects: [], intents: { ...NO_INTENTS }, inputDigest: digest };
      case 'other': {
        const tools = ctx.config.toolClassifications;
        const configured = ownEntry(tools, req.tool.toLowerCase()) ?? ownEntry(tools, req.tool);
        if (configured && configured !== 'delegate') {
          return { id: base.id, tool: base.tool, mutability: configured, effects: [], intents: { ...NO_INTENTS }, inputDigest: digest };
        }
        return unknownAction(base, digest, 'unknown_tool', `${base.tool} (a tool remit has no table entry for)`);
      }
      default:
        return unknownAction(base, digest, 'input_malformed');
    }
  } catch {
    return unknownAction(base, digest, 'input_malformed');
  }
}
