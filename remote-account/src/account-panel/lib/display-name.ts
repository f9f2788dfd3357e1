import type { User } from 'shared-contracts';

export const DEFAULT_USER_LABEL = 'AI Video Generator user';

type NameFields = Partial<Pick<User, 'nickname' | 'firstname' | 'lastname' | 'email'>>;

/** Section 3: nickname, first plus last name, first, last, e-mail, then a default product-user label. */
export function displayName(user: NameFields | null | undefined): string {
  if (!user) return DEFAULT_USER_LABEL;
  const clean = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const nickname = clean(user.nickname);
  const first = clean(user.firstname);
  const last = clean(user.lastname);
  const email = clean(user.email);
  if (nickname) return nickname;
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  if (last) return last;
  if (email) return email;
  return DEFAULT_USER_LABEL;
}

/** One or two letters for the avatar placeholder. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0][0]}${words[1][0]}` : (words[0] ?? '?').slice(0, 1);
  return letters.toUpperCase();
}
