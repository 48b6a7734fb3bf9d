/**
 * A module loaded on first use, then kept: a write's run asks for five, and under tsx (the benches,
 * development) every `import()` is a round trip to its loader thread, ~0.7 ms and more on a busy
 * machine, even for a module loaded long before. Cold commands still load only what they use.
 */
export const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};
