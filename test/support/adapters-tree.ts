// What the adapters/ folder holds besides host folders: code several hosts share, each folder
// named for who shares it (ARCHITECTURE.md, code map). Every other folder there is one host's.
export const SHARED_ADAPTER_FOLDERS: readonly string[] = ['command-hook', 'plugin-host', 'pi-family'];
