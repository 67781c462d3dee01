// What a classifier may know about the world: the session's folders, a bounded read-only
// view of files (real or a case's virtual tree) and the user's tool classifications.
import type { Mutability } from '../../generated/types.js';

export interface FileView {
  /** Text of a file (canonical absolute path), at most `maxBytes`; undefined when missing, unreadable or larger. */
  read(path: string, maxBytes?: number): string | undefined;
  exists(path: string): boolean;
  /** The path is a folder (false when missing or unreadable). */
  isDirectory(path: string): boolean;
  /** The names in a folder; undefined when it is missing or unreadable. */
  list(path: string): string[] | undefined;
  /** A folder's entries and their kinds (a symbolic link as itself); undefined when it is missing or unreadable. */
  entries(path: string): FolderEntry[] | undefined;
}

export interface FolderEntry {
  name: string;
  link: boolean;
  dir: boolean;
}

export interface ClassifierConfig {
  /** Exact tool names (MCP and custom tools), matched case-insensitively, to a mutability. */
  toolClassifications: Record<string, Mutability>;
  /** Extra commands (argv prefixes such as "just test") the user counts as checks. */
  checkCommands: string[];
  /** Extra `npm run` / `make` target names the user counts as checks. */
  checkScripts: string[];
  /** Reads the user taught (`remit reads add`), from the user's own configuration only. */
  taughtReads?: string[];
}

export interface ClassifyContext {
  /** Canonical working directory of the call. */
  cwd: string;
  /** Canonical project root (git top level, else cwd). */
  projectRoot: string;
  home: string;
  files: FileView;
  config: ClassifierConfig;
  /** Key for the input digest (a per-install secret). */
  digestKey: string;
  /** Resolve symlinks when canonicalising (false for virtual trees). */
  realpath: boolean;
  /**
   * The environment of the process classifying (the hook's, which the host starts beside the
   * command's shell): where programs find their user config (XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL).
   * Only ever read to find more config, never to prove less.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

export const EMPTY_CLASSIFIER_CONFIG: ClassifierConfig = { toolClassifications: {}, checkCommands: [], checkScripts: [], taughtReads: [] };
