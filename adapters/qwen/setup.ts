// `remit install|uninstall|doctor qwen`.
import { commandHookSetup } from '../command-hook/setup.js';
import { doctorQwen } from './doctor.js';
import { qwenInstallSpec } from './install.js';

export const qwenSetup = commandHookSetup(qwenInstallSpec, doctorQwen);
