// The in-process plugin file remit puts in a host's extension folder: the whole bundle, so no
// path of this machine is baked in (a project-scope copy works for every teammate) and no
// later upgrade or moved checkout can leave the host a dangling import. Its first line names
// it as remit's, which is how uninstall and doctor recognise it.
import path from 'node:path';
import type { HostName } from '../host-module.js';
import { InstallError, readIfExists } from './install-files.js';

function pluginBanner(host: string): RegExp {
  return new RegExp(`^// remit (\\S+) ${host} plugin\\n`);
}

/** The built plugin of `host` (`form`: another form of it, dist/plugins/<host>.<form>.js). */
export function bundledPlugin(dist: string, host: HostName, form?: string): Buffer {
  const file = path.join(dist, 'plugins', form ? `${host}.${form}.js` : `${host}.js`);
  const body = readIfExists(file);
  if (!body || !pluginBanner(host).test(body.subarray(0, 200).toString('utf8'))) {
    throw new InstallError(`remit install: ${file} is missing or not a remit ${host} plugin; run \`npm run build\` (or reinstall remit) first`);
  }
  return body;
}

export function isRemitPlugin(host: string): (content: Buffer) => boolean {
  return (content) => pluginBanner(host).test(content.subarray(0, 200).toString('utf8'));
}

export function pluginVersion(host: string, content: Buffer | undefined): string | undefined {
  return content ? pluginBanner(host).exec(content.subarray(0, 200).toString('utf8'))?.[1] : undefined;
}
