import { useEffect, useState } from 'react';
import type { PlanId } from '@/catalog/plans';
import type { ServiceId } from '@/catalog/services';
import { loadConfiguration, saveConfiguration, type Configuration } from './configuration';

/** The page's configuration, remembered for this service and plan in this tab. */
export function useConfiguration(service: ServiceId, plan: PlanId) {
  const [configuration, setConfiguration] = useState<Configuration>(() => loadConfiguration(service, plan));

  useEffect(() => saveConfiguration(service, plan, configuration), [service, plan, configuration]);

  const update = (change: Partial<Configuration>) => setConfiguration((current) => ({ ...current, ...change }));
  return [configuration, update] as const;
}
