import { useEffect, useState } from 'react';
import { Avatar } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { SessionUser } from '../lib/session';

/** Query key of a user's avatar image; invalidate it after an upload or removal. */
export const avatarQueryKey = (userId: number) => ['access_user', 'avatar', userId] as const;

/** Initials of a person's name (or of the user name). */
export function initialsOf(user: Pick<SessionUser, 'userName' | 'person'>): string {
  const parts = user.person ? [user.person.firstName, user.person.lastName] : [user.userName];
  return parts
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
}

/** The display name of a user: the person's full name, else the user name. */
export function displayName(user: Pick<SessionUser, 'userName' | 'person'>): string {
  return user.person ? `${user.person.firstName} ${user.person.lastName}` : user.userName;
}

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The user's avatar photo (loaded with the session token), or their initials. */
export function UserAvatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  const { data } = useQuery({
    queryKey: avatarQueryKey(user.id),
    queryFn: () => api.blob('/access_user/avatar', { query: { id: user.id }, silent: true }),
    enabled: user.hasAvatar,
    staleTime: Infinity,
  });
  const src = useObjectUrl(user.hasAvatar ? data : undefined);
  return (
    <Avatar size={size} src={src} style={{ backgroundColor: '#1d4ed8', flexShrink: 0, fontWeight: 600 }}>
      {initialsOf(user)}
    </Avatar>
  );
}
