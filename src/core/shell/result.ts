// Folds the verdicts of every command in a list, pipeline, substitution and script into
// one classification: any write → write (every effect kept); else any unknown → unknown
// (the first reason kept); else any check → check; else read. Intents are OR-ed.
import { isLockfile, isUnmodeledManifest, manifestKind } from '../intents/manifest-kind.js';
import type { Action, AnalysisReason, Effect, EffectKind, EvidenceKind, Intents, Mutability } from '../../generated/types.js';

export interface ShellClassification {
  mutability: Mutability;
  effects: Effect[];
  intents: Intents;
  analysis?: AnalysisReason;
  mentionedPaths: string[];
  /** Canonical glob patterns unproven code lists files by and may write what they match (code-scan.ts `globs`). */
  mentionedGlobs: string[];
  remitCommand: boolean;
  /** Inline code writes through a name it decodes at run time (code-scan.ts `obscured`). */
  hiddenPaths: boolean;
  /** A read the user taught decided a part of the command. */
  taught: boolean;
  facts: NonNullable<Action['facts']>;
}

const FACT_MAX = 160;

/** Whether the code unit `c` is one `\s` matches (ASCII told without the expression). */
function isBlank(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : /\s/.test(c);
}

/**
 * What `t = text.trim().replace(/\s+/g, ' ')` cut to FACT_MAX (an ellipsis last) gives, read
 * only as far as the cut: a fact of a 256 kB command rewrote all of it to keep 160 characters.
 */
function clip(text: string): string {
  let out = '';
  let blank = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (isBlank(c)) {
      blank = out !== '';
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += c;
    if (out.length > FACT_MAX) return `${out.slice(0, FACT_MAX - 1)}…`;
  }
  return out;
}

export class ShellAccumulator {
  private wrote = false;
  private checked = false;
  private unknown = false;
  /** The first thing left unproven: an unknown command or a write whose path we cannot name. */
  private reason: AnalysisReason | undefined;
  private readonly effects: Effect[] = [];
  private readonly effectKeys = new Set<string>();
  private readonly mentioned = new Set<string>();
  private readonly mentionedGlobs = new Set<string>();
  private dependency = false;
  private dependencyEvidence: EvidenceKind | undefined;
  private readonly dependencyNames: string[] = [];
  private hash = false;
  private hashEvidence: EvidenceKind | undefined;
  private remit = false;
  private hidden = false;
  private readonly facts: NonNullable<Action['facts']> = {};
  /** Symlinks this command created: link path → the path it points at (canonical). */
  private readonly links = new Map<string, string>();
  /** Paths this command changed so far, and whether a write had a target we could not name. */
  private readonly changed: string[] = [];
  private changedSomewhere = false;
  /** Manifest writes a package-manager handler modeled itself (their intent is already counted). */
  private readonly modeled = new Set<string>();
  /** The accumulator this one was isolated from (its writes happened before ours). */
  parent: ShellAccumulator | undefined;

  /** Whether anything this accumulator saw changes a file (a write, proven or not). */
  get wroteAny(): boolean {
    return this.wrote;
  }

  read(): void {
    // A proven read adds nothing: it is the identity of the fold.
  }

  private taughtRead = false;

  /** A read the user taught (`remit reads add`) decided a command: recorded, so the audit says so. */
  taught(): void {
    this.taughtRead = true;
    if (this.parent) this.parent.taught();
  }

  effect(kind: EffectKind, path: string, segment: string): void {
    if (kind !== 'read') {
      this.markWrite(segment);
      if (this.changed.length < 512) this.changed.push(path);
    }
    const key = kind + '\u0000' + path;
    if (!this.effectKeys.has(key)) {
      this.effectKeys.add(key);
      this.effects.push({ kind, path });
    }
    // Through a link made earlier in this command the change lands on the link's target.
    const through = this.throughLink(path);
    if (through !== undefined && through !== path) this.effect(kind === 'create' || kind === 'delete' ? 'write' : kind, through, segment);
  }

  /** Records that `link` (canonical) now points at `target` (canonical). */
  link(link: string, target: string): void {
    if (this.links.size < 256) this.links.set(link, target);
  }

  /** The target of a link this command (or one it is nested in) made at exactly `path`. */
  createdLink(path: string): string | undefined {
    for (let a: ShellAccumulator | undefined = this; a; a = a.parent) {
      const t = a.links.get(path);
      if (t !== undefined) return t;
    }
    return undefined;
  }

  /** Whether this command (or one it is nested in) made a link. */
  get madeLinks(): boolean {
    for (let a: ShellAccumulator | undefined = this; a; a = a.parent) if (a.links.size > 0) return true;
    return false;
  }

  private throughLink(path: string): string | undefined {
    for (let a: ShellAccumulator | undefined = this; a; a = a.parent) {
      for (const [l, t] of a.links) {
        if (path === l) return t;
        if (path.startsWith(l + '/')) return t + path.slice(l.length);
      }
    }
    return undefined;
  }

  /** Whether this command may already have changed `path` (or a folder holding it). */
  mayHaveChanged(path: string): boolean {
    for (let a: ShellAccumulator | undefined = this; a; a = a.parent) {
      if (a.changedSomewhere) return true;
      for (const c of a.changed) if (path === c || path.startsWith(c.endsWith('/') ? c : c + '/')) return true;
    }
    return false;
  }

  /** A write with no provable path (dynamic target, archive extraction, a whole-tree git change). */
  unprovenWrite(reason: AnalysisReason, segment: string): void {
    this.markWrite(segment);
    this.changedSomewhere = true;
    if (this.reason === undefined) this.reason = reason;
  }

  write(segment: string): void {
    this.markWrite(segment);
    this.changedSomewhere = true;
  }

  private markWrite(segment: string): void {
    this.wrote = true;
    if (this.facts.mutation === undefined) this.facts.mutation = clip(segment);
  }

  unproven(reason: AnalysisReason, segment: string): void {
    this.unknown = true;
    if (this.reason === undefined) this.reason = reason;
    if (this.facts.unproven === undefined) this.facts.unproven = clip(segment);
  }

  check(segment: string): void {
    this.checked = true;
    if (this.facts.check === undefined) this.facts.check = clip(segment);
  }

  mention(path: string): void {
    if (this.mentioned.size < 256) this.mentioned.add(path);
  }

  /** A pattern the command's unproven code lists files by: protected paths it may match are touched. */
  mentionGlob(pattern: string): void {
    if (this.mentionedGlobs.size < 16) this.mentionedGlobs.add(pattern);
  }

  addDependency(evidence: EvidenceKind, name: string): void {
    this.dependency = true;
    // A shown intent outranks one that is only possible.
    if (this.dependencyEvidence === undefined || this.dependencyEvidence === 'hidden') this.dependencyEvidence = evidence;
    if (this.dependencyNames.length < 16 && !this.dependencyNames.includes(name)) this.dependencyNames.push(name);
  }

  addHash(evidence: EvidenceKind, fact: string): void {
    this.hash = true;
    if (this.hashEvidence === undefined || this.hashEvidence === 'hidden') this.hashEvidence = evidence;
    if (this.facts.hash === undefined) this.facts.hash = clip(fact);
  }

  /** A manifest write the caller already judged for dependency intent. */
  modeledManifest(path: string): void {
    this.modeled.add(path);
  }

  /**
   * Unproven inline code that writes builds its strings with a decoder remit cannot read: a
   * write target may be a protected path under a name no scan can see (rule self-protection).
   */
  hiddenPaths(): void {
    this.hidden = true;
  }

  remitMutation(segment: string): void {
    this.remit = true;
    this.markWrite(segment);
  }

  /**
   * Folds a nested classification (a package script, a make recipe) into this one. With
   * `asCheck`, the nested run counts as a check unless it proved a write: a test script
   * whose text we cannot fully prove keeps the benefit of its name, a `--fix` in it does not.
   */
  absorb(o: ShellAccumulator, asCheck: boolean, segment: string): void {
    for (const e of o.effects) {
      if (asCheck && !o.wrote && e.kind !== 'read') continue;
      const key = e.kind + '\u0000' + e.path;
      if (!this.effectKeys.has(key)) {
        this.effectKeys.add(key);
        this.effects.push(e);
      }
    }
    for (const m of o.mentioned) this.mention(m);
    for (const m of o.mentionedGlobs) this.mentionGlob(m);
    for (const p of o.modeled) this.modeled.add(p);
    if (o.dependency) for (const n of o.dependencyNames.length ? o.dependencyNames : ['(script)']) this.addDependency(o.dependencyEvidence ?? 'script', n);
    if (o.hash) this.addHash(o.hashEvidence ?? 'script', o.facts.hash ?? segment);
    if (o.remit) this.remit = true;
    if (o.hidden) this.hidden = true;
    if (o.wrote) {
      this.markWrite(o.facts.mutation ?? segment);
      if (o.reason !== undefined && this.reason === undefined) this.reason = o.reason;
      if (o.unknown) {
        this.unknown = true;
        if (this.facts.unproven === undefined && o.facts.unproven) this.facts.unproven = o.facts.unproven;
      }
      return;
    }
    if (asCheck) {
      this.check(segment);
      return;
    }
    if (o.unknown) this.unproven(o.reason ?? 'shell_command_unproven', o.facts.unproven ?? segment);
    else if (o.checked) this.check(o.facts.check ?? segment);
  }

  finish(): ShellClassification {
    // A manifest changed by plain shell (`echo x >> requirements.txt`, `sed -i … package.json`,
    // `mv p.json package.json`) is a dependency change the package handlers did not model.
    for (const e of this.effects) {
      // A lockfile rewritten by anything but its package manager can point a pinned package at
      // another source (`resolved`, `integrity`), which the next restore installs.
      if (e.kind === 'read' || e.kind === 'delete' || this.modeled.has(e.path) || !(manifestKind(e.path) || isUnmodeledManifest(e.path) || isLockfile(e.path)))
        continue;
      this.addDependency('manifest', `${e.path.slice(e.path.lastIndexOf('/') + 1)} edited by shell`);
    }
    // An unproven part that names a manifest (`ed package.json`, inline code that opens it for
    // writing, `yq -i "$E" package.json`) may change it: what it does to it is not seen.
    if (this.unknown) {
      for (const m of this.mentioned) {
        if (this.modeled.has(m) || !(manifestKind(m) || isUnmodeledManifest(m))) continue;
        this.addDependency('manifest', `${m.slice(m.lastIndexOf('/') + 1)} named by an unproven command`);
        break;
      }
    }
    const mutability: Mutability = this.wrote ? 'write' : this.unknown ? 'unknown' : this.checked ? 'check' : 'read';
    const intents: Intents = { dependency: this.dependency, hash: this.hash };
    if (this.dependencyEvidence) intents.dependencyEvidence = this.dependencyEvidence;
    if (this.hashEvidence) intents.hashEvidence = this.hashEvidence;
    if (this.dependencyNames.length) this.facts.dependency = clip(this.dependencyNames.join(', '));
    const out: ShellClassification = {
      mutability,
      effects: this.effects,
      intents,
      mentionedPaths: [...this.mentioned],
      mentionedGlobs: [...this.mentionedGlobs],
      remitCommand: this.remit,
      hiddenPaths: this.hidden,
      taught: this.taughtRead,
      facts: this.facts,
    };
    if ((mutability === 'write' || mutability === 'unknown') && this.reason !== undefined) out.analysis = this.reason;
    return out;
  }
}

/** A whole-input failure (syntax, size): unknown with one reason and no effects. */
export function unprovenClassification(reason: AnalysisReason, segment: string, mentionedPaths: string[] = []): ShellClassification {
  const acc = new ShellAccumulator();
  acc.unproven(reason, segment);
  for (const p of mentionedPaths) acc.mention(p);
  return acc.finish();
}
