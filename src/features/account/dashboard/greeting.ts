/** Whom the dashboard greets: the first name of the profile, else the account's email. */
export function greetingName(firstName: string | undefined, email: string | null | undefined): string | null {
  const name = firstName?.trim();
  if (name) return name;
  return email?.trim() || null;
}

/** "Welcome, Dana." — or just "Welcome." until there is a name to use. */
export function greetingText(name: string | null): string {
  return name ? `Welcome, ${name}.` : 'Welcome.';
}
