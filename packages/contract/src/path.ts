/** The path of an endpoint with its parameters filled in (each encoded). */
export function pathOf(endpoint: { path: string }, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
