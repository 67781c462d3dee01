// A host module (adapters/<host>/host.ts) names its code as lazy imports: its adapter, its hook,
// its setup (adapters/host-module.ts). A bundle keeps only the parts it serves — the hook bundle
// the hooks, an in-process plugin none, the command chunk all — so a hook never carries an
// installer and a plugin never carries another host's hook. A part left out becomes a module
// that throws when loaded: nothing in that bundle loads it, and if something did it would fail
// loudly rather than run without it.
import { build } from 'esbuild';
import { basename, dirname } from 'node:path';

const HOST_MODULE = /[\\/]adapters[\\/][^\\/]+[\\/]host\.ts$/;

/** `keep`: the part names (file names without `.ts`) this bundle carries. */
export function hostParts(keep) {
  return {
    name: 'remit-host-parts',
    setup(b) {
      b.onResolve({ filter: /^\.\/[\w.-]+\.js$/ }, (args) => {
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

const CAPABILITY_MODULE = /[\\/]adapters[\\/][^\\/]+[\\/]capability\.ts$/;

/**
 * The fields of a host's capability record the hook path reads: its name, how it asks, and the
 * configuration it protects (every host's, rule self-protection). The rest of a record (its
 * events, details, gaps, verified versions) is for doctor, help, replay and the contract
 * document, and is some 25 KB of text a hook would otherwise parse on every tool call.
 */
export const HOOK_CAPABILITY_FIELDS = ['host', 'ask', 'configPaths', 'configWrittenByHost'];

/**
 * The hook bundle's capability records, cut to HOOK_CAPABILITY_FIELDS at build time: each
 * `adapters/<host>/capability.ts` is evaluated once here and re-emitted as its records' kept
 * fields, behind a guard that throws on any other field, so a hook path that starts to read
 * one fails its tests loudly instead of reading undefined.
 */
export function hookCapabilities(sharedOptions) {
  return {
    name: 'remit-hook-capabilities',
    setup(b) {
      b.onLoad({ filter: CAPABILITY_MODULE }, async (args) => {
        const r = await build({
          ...sharedOptions,
          entryPoints: [args.path],
          bundle: true,
          write: false,
          format: 'esm',
          platform: 'node',
          minify: false,
          logLevel: 'silent',
        });
        const mod = await import(`data:text/javascript;base64,${Buffer.from(r.outputFiles[0].text).toString('base64')}`);
        const guard =
          `const __keep=(o)=>new Proxy(o,{get(t,k){if(typeof k!=="string"||k==="then"||${JSON.stringify(HOOK_CAPABILITY_FIELDS)}.includes(k))return t[k];` +
          'throw new Error("remit: capability."+k+" is not in the hook bundle (scripts/build/host-parts.mjs)")}});';
        const lines = Object.entries(mod).map(([name, value]) => {
          if (value === null || typeof value !== 'object' || typeof value.host !== 'string') return `export const ${name}=${JSON.stringify(value)};`;
          const kept = Object.fromEntries(HOOK_CAPABILITY_FIELDS.filter((f) => value[f] !== undefined).map((f) => [f, value[f]]));
          return `export const ${name}=__keep(${JSON.stringify(kept)});`;
        });
        return { contents: `${guard}\n${lines.join('\n')}\n`, loader: 'js' };
      });
    },
  };
}
