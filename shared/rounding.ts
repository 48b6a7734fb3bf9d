// Figures as Cairn reports them: rounded to a fixed number of decimals, so answers and reports
// stay readable and compare equal across runs, without float noise in the last digits.

export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}
