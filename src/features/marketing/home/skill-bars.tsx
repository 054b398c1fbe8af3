import { useId } from 'react';
import type { Skill } from '../content/stack';
import styles from './skill-bars.module.scss';

/** One labelled progress bar per skill; screen readers get the name and the percentage. */
export function SkillBars({ skills }: { skills: readonly Skill[] }) {
  const baseId = useId();
  return (
    <ul className={styles.skills}>
      {skills.map((skill, index) => {
        const labelId = `${baseId}-${index}`;
        return (
          <li key={skill.name} className={styles.skill}>
            <div className={styles.label}>
              <span id={labelId}>{skill.name}</span>
              <span aria-hidden="true">{skill.percent}%</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={labelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={skill.percent}
              aria-valuetext={`${skill.percent}%`}
              className={styles.track}
            >
              <div className={styles.fill} style={{ width: `${skill.percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
