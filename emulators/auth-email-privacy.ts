/** The Auth emulator's email enumeration protection (`emailPrivacyConfig.enableImprovedEmailPrivacy`),
 *  which it leaves off and every production project made since September 2023 has on: sign-in
 *  answers INVALID_LOGIN_CREDENTIALS whether the address or the password is wrong, createAuthUri
 *  lists no sign-in methods (docs/decisions/0118-email-change-by-verified-link.md). The local stack
 *  turns it on, so the site meets what production does; production also refuses `updateEmail`,
 *  which the emulator does not. */
export async function enableEmailPrivacy(authUrl: string, projectId: string): Promise<void> {
  const answer = await fetch(`${authUrl}/emulator/v1/projects/${projectId}/config`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!answer.ok) throw new Error(`The Auth emulator refused its email privacy setting: ${answer.status} ${await answer.text()}`);
}
