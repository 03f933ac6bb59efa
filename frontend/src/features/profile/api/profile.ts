import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { userEnvelopeSchema, type User } from '@/lib/auth-schemas';
import { setUserFromRead, setUserFromWrite, useAuth, userWriteCount } from '@/stores/auth-store';

/** Queries under ['me', …] belong to the signed-in user and are dropped when that changes. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'profile'],
    queryFn: async ({ signal }) => {
      const writes = userWriteCount();
      const body = await apiRequest('/users/profile', userEnvelopeSchema, { signal });
      setUserFromRead(body.user, writes);
      return body.user;
    },
    staleTime: 0,
  });

/** GET /users/profile: refreshes the stored profile when マイページ opens. */
export function useProfile() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...profileQueryOptions(), enabled: isAuthenticated });
}

export interface ProfileInput {
  nickname: string;
  /** A Japanese prefecture name, or '' for none. */
  prefecture: string;
  /** Mails about 購入できた at favourite stores; left out, the setting stays as it is. */
  favoriteAlerts?: boolean;
  /** The mail about each review of my submissions; left out, the setting stays as it is. */
  reviewMail?: boolean;
}

/** PUT /users/profile {user:{nickname, prefecture[, favorite_alerts]}}; on success the stored profile is replaced (SPEC §4). */
export async function updateProfile(input: ProfileInput): Promise<User> {
  const user: Record<string, unknown> = { nickname: input.nickname.trim(), prefecture: input.prefecture };
  if (input.favoriteAlerts !== undefined) user.favorite_alerts = input.favoriteAlerts;
  if (input.reviewMail !== undefined) user.review_mail = input.reviewMail;
  const body = await apiRequest('/users/profile', userEnvelopeSchema, { method: 'PUT', body: { user } });
  setUserFromWrite(body.user);
  return body.user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // A GET still on its way was answered before this change: cancelled, it cannot put the
    // old profile back after the PUT's answer (a switch flipped at once on opening the page).
    onMutate: () => queryClient.cancelQueries({ queryKey: profileQueryOptions().queryKey }),
    onSuccess: (user) => queryClient.setQueryData(profileQueryOptions().queryKey, user),
  });
}
