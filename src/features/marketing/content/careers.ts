/** Roles we are hiring for, shown on the company page. */
export interface Opening {
  title: string;
  where: string;
}

export const OPENINGS: readonly Opening[] = [
  { title: 'Senior full-stack engineer (TypeScript)', where: 'San Diego or remote, US time zones' },
  { title: 'iOS / Android engineer', where: 'Remote, US and Latin America' },
  { title: 'Machine-learning engineer', where: 'San Diego, hybrid' },
  { title: 'Product designer', where: 'Remote, worldwide' },
  { title: 'Satellite network operations engineer (Space)', where: 'San Diego, on site' },
];
