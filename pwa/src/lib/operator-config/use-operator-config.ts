import { useQuery } from '@tanstack/react-query';
import { operatorConfigKey } from './operator-config-deferred';
import { operatorConfigQuery } from './operator-config';
import { useResultAsRendered } from '../hydration/use-hydrating';

/** `config` is undefined while loading or when it could not be loaded: callers hide what needs it. */
export function useOperatorConfig() {
  const query = useResultAsRendered(useQuery(operatorConfigQuery(operatorConfigKey)));
  return { config: query.data, isLoading: query.isLoading, error: query.error };
}
