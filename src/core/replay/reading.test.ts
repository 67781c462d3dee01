import { describe, expect, it } from 'vitest';
import { readControllerResult } from './reading.js';

describe('readControllerResult', () => {
  it('an action verdict keeps its outcome and code', () => {
    const r = readControllerResult(
      { kind: 'decision', message: 'm', decision: { outcome: 'ask', reasonCode: 'HASH_NOT_AUTHORIZED', family: 'H', controlState: 'ARMED', explanation: 'e' } },
      'core',
    );
    expect(r).toEqual({ outcome: 'ask', reasonCode: 'HASH_NOT_AUTHORIZED', channel: 'core' });
  });

  it('prompt blocks: a directive error names its code, an inspection is an answer', () => {
    expect(readControllerResult({ kind: 'prompt-block', text: 't', code: 'INVALID_AGENT_LIMIT' }, 'c')).toMatchObject({
      outcome: 'block',
      reasonCode: 'INVALID_AGENT_LIMIT',
    });
    expect(readControllerResult({ kind: 'prompt-block', text: 't', inspection: true }, 'c')).toMatchObject({ outcome: 'answer', reasonCode: 'INSPECTION' });
    expect(readControllerResult({ kind: 'prompt-block', text: 't' }, 'c')).toMatchObject({ outcome: 'block', reasonCode: 'PROMPT_BLOCKED' });
  });

  it('context after a prompt is a directive only where the parser finds one', () => {
    const ctx = { kind: 'context' as const, text: 'contract' };
    expect(readControllerResult(ctx, 'c', '$remit review -- x')).toMatchObject({ outcome: 'none', reasonCode: 'DIRECTIVE_ACCEPTED' });
    expect(readControllerResult(ctx, 'c', 'review only')).toMatchObject({ outcome: 'none', reasonCode: 'CORRECTION_ACCEPTED' });
    expect(readControllerResult(ctx, 'c', '> $remit review')).toMatchObject({ reasonCode: 'CORRECTION_ACCEPTED' });
    expect(readControllerResult(ctx, 'c')).toMatchObject({ outcome: 'none', reasonCode: 'CONTEXT' });
    expect(readControllerResult({ kind: 'none' }, 'c', 'hello')).toEqual({ outcome: 'none', reasonCode: 'PASSED', channel: 'c' });
  });
});
