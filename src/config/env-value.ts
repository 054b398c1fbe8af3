/** A build setting as the code should read it: `.env.example` lists every variable with an empty
 *  value, and an empty (or blank) value means "not set", so the default applies rather than an
 *  empty link (docs/decisions/0123-deploy-path-and-build-folders.md). */
export function envValue(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
