// The ten host rows HOST-ADAPTER-CONTRACT.md, README and `remit doctor` name, each with the
// versions remit was verified against (the capability records say them; these tests check that
// the three places agree with one list).
export const HOST_ROWS = [
  'Codex CLI: 0.171.0',
  'Claude Code: 2.1.197, 2.1.332',
  'OpenCode 1.x: 1.18.33',
  'OpenCode 2.x: 2.1.2',
  'Hermes Agent: 0.16.0',
  'Pi: 0.74.2, 1.6.0',
  'Oh My Pi: 18.2.3',
  'GitHub Copilot CLI: 1.0.102',
  'Qwen Code: 0.24.4',
  'Gemini CLI: 0.61.0',
] as const;
