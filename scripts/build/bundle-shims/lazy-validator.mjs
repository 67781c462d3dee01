// What each generated validator (src/generated/validate-*.js) becomes in the subprocess
// bundles: the same function, whose module body (the schema as object literals, its
// patterns, the validating functions) runs on the first call instead of when the bundle
// loads. Building the session-state validator's constants cost every hook about 2.5 ms,
// though a hook validates only a state file whose seal does not verify (docs/DESIGN.md#session-state).
// `errors` is the inner validator's after each call, as ajv's callers read it.
export function lazyValidator(build) {
  let inner;
  const validate = function (...args) {
    inner ??= build();
    const ok = inner.apply(this, args);
    validate.errors = inner.errors;
    return ok;
  };
  validate.errors = null;
  return validate;
}
