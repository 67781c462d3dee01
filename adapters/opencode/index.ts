// What OpenCode 1.x loads (V1 plugin API, opencode-ai 1.18.x): one async plugin function as the
// default export. OpenCode treats every exported function of a plugin module as a plugin, so
// this module exports nothing else. OpenCode 2 loads index.v2.ts's build instead (`remit install
// opencode` picks the form from the installed version). Every host's configuration is protected
// here, not only OpenCode's (rule `self-protection`), so this entry — and nothing the adapter
// loads — reads the host list.
import { pluginHostConfig } from '../hosts.js';
import { opencodePlugin } from './plugin.js';

export default opencodePlugin(pluginHostConfig);
