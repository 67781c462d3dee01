// One schema error in words a person can act on: the key and the rule it breaks. The generated
// validators carry no messages (scripts/gen/schemas.mjs), only the keyword and its parameters.

export interface SchemaError {
  instancePath: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** `/checks/commands/0` → `checks.commands[0]`; the root is "the top level". */
function keyName(pointer: string): string {
  if (pointer === '') return 'the top level';
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');
}

/** e.g. "unknown key 'bogus' at the top level", "retentionDays must be at least 1". */
export function describeSchemaError(e: SchemaError | undefined | null): string {
  if (!e) return 'an unknown field';
  const at = keyName(e.instancePath);
  const p = e.params ?? {};
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown key '${String(p.additionalProperty)}'${e.instancePath ? ` in ${at}` : ''}`;
    case 'required':
      return `missing key '${String(p.missingProperty)}'${e.instancePath ? ` in ${at}` : ''}`;
    case 'type':
      return `${at} must be ${/^[aeiou]/.test(String(p.type)) ? 'an' : 'a'} ${String(p.type)}`;
    case 'enum':
      return `${at} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${at} must be ${JSON.stringify(p.allowedValue)}`;
    case 'minimum':
      return `${at} must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${at} must be at most ${String(p.limit)}`;
    case 'minLength':
      return `${at} must not be empty`;
    case 'maxLength':
      return `${at} must be at most ${String(p.limit)} characters`;
    case 'pattern':
      return `${at} must match ${String(p.pattern)}`;
    default:
      return `${at} breaks the schema's '${e.keyword ?? e.message ?? 'unknown'}' rule`;
  }
}
