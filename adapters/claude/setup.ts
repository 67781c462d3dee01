// `remit install|uninstall|doctor claude`.
import { commandHookSetup } from '../command-hook/setup.js';
import { doctorClaude } from './doctor.js';
import { claudeInstallSpec } from './install.js';

export const claudeSetup = commandHookSetup(claudeInstallSpec, doctorClaude);
