/**
 * The path of an endpoint with its parameters filled in (each encoded). Kept apart from the
 * endpoint list so the web's first screen can call the API without loading every schema.
 */
export function pathOf(endpoint: { path: string }, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
