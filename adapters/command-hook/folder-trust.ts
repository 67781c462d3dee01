// The trusted-folders file Qwen Code and Gemini CLI share in shape (`{"<folder>": "TRUST_FOLDER"
// | "TRUST_PARENT" | "DO_NOT_TRUST"}`), read for install notes and doctor: does it prove a folder
// trusted? Each host weighs its rules by precedence; remit claims only the plain case.
import path from 'node:path';
import { readJsonConfig } from './config-file.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A JSON settings file as an object, read through links as the host reads it; undefined when it is none. */
export function readSettingsObject(file: string): Json | undefined {
  const r = readJsonConfig(file, { followLinks: true });
  return r.ok && isObject(r.doc) ? r.doc : undefined;
}

/** `security.folderTrust.enabled` of a settings object: true, false, or undefined when unset. */
export function folderTrustSetting(settings: Json | undefined): boolean | undefined {
  const security = isObject(settings?.security) ? settings.security : {};
  const folderTrust = isObject(security.folderTrust) ? security.folderTrust : {};
  return typeof folderTrust.enabled === 'boolean' ? folderTrust.enabled : undefined;
}

const within = (root: string, folder: string) => root === folder || root.startsWith(`${folder}${path.sep}`);

/**
 * Whether the rules file proves `root` trusted: a trusted folder covers itself and what is below
 * it, TRUST_PARENT the folder above the one it names; any other rule over `root` leaves it unproven.
 */
export function trustedFolderProven(rulesFile: string, root: string): boolean {
  const entries = Object.entries(readSettingsObject(rulesFile) ?? {}).map(([folder, level]) => ({ folder: path.resolve(folder), level }));
  if (entries.some((e) => e.level !== 'TRUST_FOLDER' && e.level !== 'TRUST_PARENT' && within(root, e.folder))) return false;
  return entries.some((e) => (e.level === 'TRUST_FOLDER' && within(root, e.folder)) || (e.level === 'TRUST_PARENT' && within(root, path.dirname(e.folder))));
}
