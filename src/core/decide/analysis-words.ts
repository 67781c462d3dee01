// Why remit could not prove what an action does, in a person's words: for the explanations
// the rules write, the question a host's approval prompt shows, and `remit explain`.
import type { AnalysisReason } from '../../generated/types.js';

const ANALYSIS_WORDS: Record<AnalysisReason, string> = {
  shell_syntax_unproven: 'it uses shell syntax remit cannot follow',
  shell_command_unproven: 'it runs a program or an option remit does not know to be read-only',
  interpreter_inline_code: 'it runs inline interpreter code',
  script_unread: 'it runs a script remit could not read',
  too_complex: 'its input is too large or too deep to analyse',
  unknown_tool: 'remit does not know this tool',
  write_path_missing: 'it writes somewhere remit cannot name',
  patch_unparsable: 'remit cannot parse the patch',
  input_malformed: 'its input is malformed',
  git_arguments_unproven: 'its git arguments cannot be proven read-only',
  dynamic_word: 'a word in it is only known when it runs',
  powershell_unproven: 'remit cannot prove the PowerShell command read-only',
};

/** The code and the words, so a developer can search for it and a person reads why. */
export function unprovenText(analysis: AnalysisReason | undefined): string {
  return analysis ? `${analysis}: ${ANALYSIS_WORDS[analysis] ?? 'unproven'}` : 'unproven';
}
