import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys, type Paged } from './admin-keys';
import type { RegisteredUser } from '../../../../../api/contracts/answers';

export type { RegisteredUser };

/** `capped`: a search found more than `total` (the API stops counting there); refine it rather than page on. */
export type UsersPage = Paged & { users: RegisteredUser[]; capped?: boolean };

export const USERS_PAGE_SIZE = 20;

/** GET /api/users: investors, newest first, searched by name or e-mail on the server. */
export const usersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...adminKeys.users, { page, search }],
    queryFn: () => {
      const searchParams: Record<string, string | number> = { page, pageSize: USERS_PAGE_SIZE };
      if (search) searchParams.search = search;
      return apiGet<UsersPage>('users', { searchParams });
    },
    // The table keeps its rows while the next page or search loads, so it does not jump.
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, search: string) => useQuery(usersQuery(page, search));

/** GET /api/count: how many investors are registered. */
export const userCountQuery = () =>
  queryOptions({ queryKey: adminKeys.count, queryFn: async () => (await apiGet<{ count: number }>('count')).count });

export const useUserCount = () => useQuery(userCountQuery());
