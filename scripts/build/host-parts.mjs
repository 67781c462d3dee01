// A host module (adapters/<host>/host.ts) names its code as lazy imports: its adapter, its hook,
// its setup (adapters/host-module.ts). A bundle keeps only the parts it serves — the hook bundle
// the hooks, an in-process plugin none, the command chunk all — so a hook never carries an
// installer and a plugin never carries another host's hook. A part left out becomes a module
// that throws when loaded: nothing in that bundle loads it, and if something did it would fail
// loudly rather than run without it.
import { basename, dirname } from 'node:path';

const HOST_MODULE = /[\\/]adapters[\\/][^\\/]+[\\/]host\.ts$/;

/** `keep`: the part names (file names without `.ts`) this bundle carries. */
export function hostParts(keep) {
  return {
    name: 'remit-host-parts',
    setup(b) {
      b.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
        if (args.kind !== 'dynamic-import' || !HOST_MODULE.test(args.importer)) return undefined;
        const part = args.path.slice(2, -3);
        if (keep.includes(part)) return undefined;
        return { path: `${basename(dirname(args.importer))} ${part}`, namespace: 'remit-host-part' };
      });
      b.onLoad({ filter: /.*/, namespace: 'remit-host-part' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`remit: the ${args.path} part is not in this bundle`)});`,
        loader: 'js',
      }));
    },
  };
}
