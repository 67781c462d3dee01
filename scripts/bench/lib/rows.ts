// What every in-process bench entry prints: one JSON row per figure for scripts/bench.mjs.
// (A folder of its own: bench.mjs runs every .ts directly in scripts/bench/.)
export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
export function ms(n: number): string {
  return `${n.toFixed(n < 1 ? 3 : 1)} ms`;
}
export function row(name: string, measured: string, target: string, ok: boolean | undefined, extra: Record<string, number> = {}): void {
  console.log(JSON.stringify({ name, measured, target, ok, ...extra }));
}
