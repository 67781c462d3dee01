import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readRegularFileSync } from '../state/files.js';
import type { FileView } from './context.js';
import { utf8Of } from '../crypto/bytes.js';

const DEFAULT_MAX = 64 * 1024;

/** Reads the real file system, never more than `maxBytes` of one file. */
export function diskFileView(): FileView {
  return {
    read(p, maxBytes = DEFAULT_MAX) {
      // A regular file only, opened non-blocking: a FIFO at a path a tool names (a planted
      // package.json) must not hang the hook until the host times it out and runs the tool.
      try {
        return utf8Of(readRegularFileSync(p, maxBytes));
      } catch {
        return undefined;
      }
    },
    exists(p) {
      try {
        statSync(p);
        return true;
      } catch {
        return false;
      }
    },
    isDirectory(p) {
      try {
        return statSync(p).isDirectory();
      } catch {
        return false;
      }
    },
    list(p) {
      try {
        return readdirSync(p);
      } catch {
        return undefined;
      }
    },
    entries(p) {
      try {
        return readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, link: d.isSymbolicLink(), dir: d.isDirectory() }));
      } catch {
        return undefined;
      }
    },
  };
}

/** A case's virtual project tree: relative paths under `root` to contents. */
export function virtualFileView(root: string, files: Record<string, string | undefined>): FileView {
  const map = new Map<string, string>();
  const dirs = new Set<string>([root]);
  for (const [rel, content] of Object.entries(files)) {
    if (content === undefined) continue;
    const abs = path.posix.join(root, rel);
    map.set(abs, content);
    for (let d = path.posix.dirname(abs); d.length >= root.length && !dirs.has(d); d = path.posix.dirname(d)) dirs.add(d);
  }
  return {
    read(p, maxBytes = DEFAULT_MAX) {
      const c = map.get(p);
      return c !== undefined && Buffer.byteLength(c) <= maxBytes ? c : undefined;
    },
    exists(p) {
      return map.has(p) || dirs.has(p);
    },
    isDirectory(p) {
      return dirs.has(p);
    },
    list(p) {
      if (!dirs.has(p)) return undefined;
      const names = new Set<string>();
      for (const f of [...map.keys(), ...dirs]) if (f !== p && path.posix.dirname(f) === p) names.add(path.posix.basename(f));
      return [...names];
    },
    entries(p) {
      return this.list(p)?.map((name) => ({ name, link: false, dir: dirs.has(path.posix.join(p, name)) }));
    },
  };
}
