// How each ecosystem spells "the same package", so a respelling is not a new name.

/** PEP 503/508: case-insensitive, runs of `-`, `_`, `.` are one separator. */
export function normalizePythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** crates.io treats `-` and `_` as the same and names case-insensitively. */
export function normalizeCrateName(name: string): string {
  return name.toLowerCase().replace(/_/g, '-');
}

const PEP508_NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$/;

/**
 * The project name of a PEP 508 requirement string (`requests[socks]>=2; python_version>"3"`),
 * or undefined for URLs, paths and option lines. `requireVersion` keeps only requirements
 * that carry a version specifier — the conservative reading of an unplaced fragment line.
 */
export function pep508Name(spec: string, requireVersion = false): string | undefined {
  const m = PEP508_NAME.exec(spec);
  if (!m) return undefined;
  const rest = m[3]!.trim();
  if (rest !== '' && !/^(?:[<>=!~]|@|;|\()/.test(rest)) return undefined;
  if (requireVersion && !/^\(?\s*(?:===?|>=?|<=?|!=|~=)/.test(rest)) return undefined;
  return normalizePythonName(m[1]!);
}
