// Entry point of the probe process the concurrency test builds.
import { probeLaunch } from './hook-probe.js';

void probeLaunch(process.argv.slice(2));
