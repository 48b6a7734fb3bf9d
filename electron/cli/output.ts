// What commands print: JSON for tools, two-space indented, one document per run.
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
