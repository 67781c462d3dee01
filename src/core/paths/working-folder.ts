// The process's working folder as a hook's fallback for a payload that names none: a folder
// removed or moved away while the host ran must not cost the answer (a hook that throws before
// it answers lets the host run the tool), so it reads as the root then.
export function workingFolderOrRoot(): string {
  try {
    return process.cwd();
  } catch {
    return '/';
  }
}
