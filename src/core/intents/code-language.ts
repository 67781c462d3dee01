// Which language family a file is, by extension: decides how comments and strings are
// stripped and which hashing APIs are counted. Anything not listed (prose, config, shell
// scripts) never carries a code hash intent from its text.
export type CodeFamily = 'js' | 'python' | 'go' | 'rust' | 'jvm' | 'csharp' | 'php' | 'ruby' | 'c' | 'swift';

// Built on first use: the hook chunk holds this module (intents/intent-free.ts), and an object
// literal of some thirty names costs every hook that loads it, a read too, its creation.
let byExtension: Record<string, CodeFamily> | undefined;
const BY_EXTENSION = (): Record<string, CodeFamily> =>
  (byExtension ??= {
    js: 'js',
    jsx: 'js',
    ts: 'js',
    tsx: 'js',
    cjs: 'js',
    mjs: 'js',
    cts: 'js',
    mts: 'js',
    py: 'python',
    go: 'go',
    rs: 'rust',
    java: 'jvm',
    kt: 'jvm',
    kts: 'jvm',
    scala: 'jvm',
    cs: 'csharp',
    php: 'php',
    rb: 'ruby',
    c: 'c',
    cc: 'c',
    cpp: 'c',
    cxx: 'c',
    h: 'c',
    hh: 'c',
    hpp: 'c',
    hxx: 'c',
    swift: 'swift',
  });

export function basenameOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut >= 0 ? path.slice(cut + 1) : path;
}

export function codeFamily(path: string): CodeFamily | undefined {
  const base = basenameOf(path);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return BY_EXTENSION()[base.slice(dot + 1).toLowerCase()];
}
