// The contract a session starts with (docs/DESIGN.md#task-contract) and the control state a level puts it in.
import type { TaskContract } from '../../generated/types.js';

export type ControlState = 'OFF' | 'OBSERVING' | 'ARMED';

export function defaultContract(): TaskContract {
  return {
    mode: 'unconfirmed',
    level: 'watch',
    files: null,
    deps: 'ask',
    hash: 'deny',
    hostconfig: 'deny',
    agents: null,
    checks: 'allow',
    source: 'default',
  };
}

export function controlStateOf<C extends Pick<TaskContract, 'level'>>(c: C): ControlState {
  switch (c.level) {
    case 'off':
      return 'OFF';
    case 'watch':
      return 'OBSERVING';
    case 'guard':
    case 'lock':
      return 'ARMED';
  }
}
