// What OpenCode 2 loads (`@opencode/cli` 2.x): the default export `{ id, setup(ctx) }`, the only
// form 2.x accepts (a 1.x plugin function there is logged "Plugin must export a default
// definition…" and skipped). Built to dist/plugins/opencode.v2.js; `remit install opencode`
// writes it when the OpenCode on PATH is 2.x. Reads the host list for rule `self-protection`.
import { pluginHostConfig } from '../hosts.js';
import { opencodeV2Plugin } from './plugin2.js';

export default opencodeV2Plugin(pluginHostConfig);
