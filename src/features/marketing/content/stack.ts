/** The engineering stack and how deep our bench is in each (share of engineers fluent in it). */
export interface Skill {
  name: string;
  percent: number;
}

export const ENGINEERING_STACK: readonly Skill[] = [
  { name: 'TypeScript & React', percent: 95 },
  { name: 'Node.js & APIs', percent: 92 },
  { name: 'Cloud & DevOps', percent: 88 },
  { name: 'Swift & Kotlin', percent: 84 },
  { name: 'Python & machine learning', percent: 80 },
  { name: 'Solidity & smart contracts', percent: 72 },
];
