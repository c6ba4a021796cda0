// What other rooms read of push subscriptions inside their own queries.
export { pushSubscriptionsQuery } from './push-tables.repo';
