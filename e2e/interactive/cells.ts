// The cells of the interactive lane (host terminal UIs in tmux), in matrix order. Kept apart from
// the vitest suite (tui-lane.ts) so the matrix generator can name them.
export const TUI_SCENARIOS = [
  { id: 'tui-directive-arms', title: 'a typed `$remit review` arms the contract' },
  { id: 'tui-refusal-on-screen', title: "remit's refusal of a write shows on screen and the file is not written" },
  { id: 'tui-status-on-screen', title: '`$remit status` is answered on screen without a model turn' },
  { id: 'tui-ask-declined', title: "an ask shows the host's own prompt; No: the call does not run and the audit records it as not executed" },
  { id: 'tui-ask-approved', title: "an ask shows the host's own prompt; Yes: the call runs and the audit records it as executed" },
  { id: 'tui-hooks-trust-agrees', title: "the host's hook-trust screen says what `remit doctor` says: trusted, modified, new, disabled" },
] as const;

export type TuiScenario = (typeof TUI_SCENARIOS)[number]['id'];
